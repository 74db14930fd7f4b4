import type { DbOrTx } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { clientKey } from '../../lib/client-key.ts';
import { countOtpRequestsSince, insertOtpRequests, pruneOtpRequests } from './otp.repository.ts';

export const OTP_SEND_WINDOW_MS = 60 * 60_000;
/** Codes per e-mail address per hour: enough for a few resends, too few to flood an inbox. */
export const MAX_OTP_SENDS_PER_EMAIL = 5;
/** Code requests per client address per hour, across all e-mails. */
export const MAX_OTP_SENDS_PER_IP = 20;

/**
 * Counts a request to send a code and refuses it (429) past the hourly limits. Counted whether or not the
 * address belongs to an account, so the limit does not reveal which addresses exist.
 */
export async function throttleOtpSend(
  db: DbOrTx,
  input: { email: string; ip: string; now: Date },
): Promise<void> {
  const email = input.email.toLowerCase();
  const ip = clientKey(input.ip);
  const since = new Date(input.now.getTime() - OTP_SEND_WINDOW_MS);
  const [byEmail, byIp] = await Promise.all([
    countOtpRequestsSince(db, 'email', email, since),
    countOtpRequestsSince(db, 'ip', ip, since),
  ]);
  if (byEmail >= MAX_OTP_SENDS_PER_EMAIL || byIp >= MAX_OTP_SENDS_PER_IP) {
    throw new AppError('TOO_MANY_REQUESTS', 'Too many codes requested. Please wait an hour and try again.', {
      headers: { 'retry-after': String(OTP_SEND_WINDOW_MS / 1000) },
    });
  }
  await insertOtpRequests(db, [
    { scope: 'email', key: email, createdAt: input.now },
    { scope: 'ip', key: ip, createdAt: input.now },
  ]);
  // Rows past the window count for nothing: drop this e-mail's and address's old ones (indexed) as we go.
  await Promise.all([pruneOtpRequests(db, 'email', email, since), pruneOtpRequests(db, 'ip', ip, since)]);
}
