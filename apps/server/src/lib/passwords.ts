import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';

// argon2id, m = 19456 KiB, t = 2, p = 1 (OWASP minimum; the library's defaults, stated for the record).
const ARGON2_OPTIONS = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string): Promise<string> => hash(password, ARGON2_OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string): Promise<boolean> =>
  verify(passwordHash, password).catch(() => false);

/** Compared against to keep the time of a failed login the same whether or not the account exists. */
let dummyHash: Promise<string> | undefined;
export const burnPasswordCheck = async (password: string): Promise<void> => {
  dummyHash ??= hashPassword('not-a-real-password-for-timing');
  await verifyPassword(await dummyHash, password);
};

// The ranked list of leaked passwords that zxcvbn uses (about 18,000 of them are 8+ characters long).
let commonPasswords: Set<string> | undefined;
export const isCommonPassword = (password: string): boolean => {
  commonPasswords ??= new Set((dictionary['passwords-common'] as string[]).map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
};
