import { lt } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { authFailures, captchaSolutions, otpCodes, otpRequests, sessions } from '../../db/schema.ts';

export const deleteSessionsExpiredBefore = (db: DbOrTx, at: Date) =>
  db.delete(sessions).where(lt(sessions.expiresAt, at)).returning({ id: sessions.id });

export const deleteAuthFailuresBefore = (db: DbOrTx, at: Date) =>
  db.delete(authFailures).where(lt(authFailures.createdAt, at)).returning({ id: authFailures.id });

export const deleteCaptchaSolutionsExpiredBefore = (db: DbOrTx, at: Date) =>
  db
    .delete(captchaSolutions)
    .where(lt(captchaSolutions.expiresAt, at))
    .returning({ signature: captchaSolutions.signature });

export const deleteOtpCodesExpiredBefore = (db: DbOrTx, at: Date) =>
  db.delete(otpCodes).where(lt(otpCodes.expiresAt, at)).returning({ id: otpCodes.id });

export const deleteOtpRequestsBefore = (db: DbOrTx, at: Date) =>
  db.delete(otpRequests).where(lt(otpRequests.createdAt, at)).returning({ id: otpRequests.id });
