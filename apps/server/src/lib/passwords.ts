import { hash, verify } from '@node-rs/argon2';
import type { PasswordOwner } from '@portal/shared/password-strength';
import { AppError } from '../errors.ts';
import { checkPasswordInThread } from './password-checker.ts';

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

/** Refuses an easily guessed password (400 naming the field) with the rule the web forms show. */
export async function assertStrongPassword(
  password: string,
  owner: PasswordOwner,
  field = 'password',
): Promise<void> {
  const verdict = await checkPasswordInThread(password, owner);
  if (!verdict.ok) {
    throw AppError.fieldError(field, verdict.message);
  }
}
