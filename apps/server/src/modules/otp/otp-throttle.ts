import { and, count, eq, gt, lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpRequests } from '../../db/schema.ts';
import { AppError } from '../../errors.ts';

export const OTP_SEND_WINDOW_MS = 60 * 60_000;
/** Codes per e-mail address per hour: enough for a few resends, too few to flood an inbox. */
export const MAX_OTP_SENDS_PER_EMAIL = 5;
/** Code requests per client address per hour, across all e-mails. */
export const MAX_OTP_SENDS_PER_IP = 20;

type Scope = 'email' | 'ip';

const countSince = async (db: DbOrTx, scope: Scope, key: string, since: Date): Promise<number> => {
  const [row] = await db
    .select({ n: count() })
    .from(otpRequests)
    .where(and(eq(otpRequests.scope, scope), eq(otpRequests.key, key), gt(otpRequests.createdAt, since)));
  return row?.n ?? 0;
};

/**
 * Counts a request to send a code and refuses it (429) past the hourly limits. Counted whether or not the
 * address belongs to an account, so the limit does not reveal which addresses exist.
 */
export async function throttleOtpSend(
  db: DbOrTx,
  input: { email: string; ip: string; now: Date },
): Promise<void> {
  const email = input.email.toLowerCase();
  const since = new Date(input.now.getTime() - OTP_SEND_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    countSince(db, 'email', email, since),
    countSince(db, 'ip', input.ip, since),
  ]);
  if (byEmail >= MAX_OTP_SENDS_PER_EMAIL || byIp >= MAX_OTP_SENDS_PER_IP) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many codes requested. Please wait an hour and try again.', {
      headers: { 'retry-after': String(OTP_SEND_WINDOW_MS / 1000) },
    });
  }
  await db.insert(otpRequests).values([
    { scope: 'email', key: email, createdAt: input.now },
    { scope: 'ip', key: input.ip, createdAt: input.now },
  ]);
  // Rows past the window count for nothing: drop this e-mail's and address's old ones (indexed) as we go.
  await Promise.all([
    pruneOtpRequests(db, 'email', email, since),
    pruneOtpRequests(db, 'ip', input.ip, since),
  ]);
}

async function pruneOtpRequests(db: DbOrTx, scope: Scope, key: string, before: Date): Promise<void> {
  await db
    .delete(otpRequests)
    .where(and(eq(otpRequests.scope, scope), eq(otpRequests.key, key), lt(otpRequests.createdAt, before)));
}
