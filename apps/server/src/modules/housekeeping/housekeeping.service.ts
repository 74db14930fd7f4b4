import type { DbOrTx } from '../../db/client.ts';
import {
  deleteAuthFailuresBefore,
  deleteCaptchaSolutionsExpiredBefore,
  deleteOtpCodesExpiredBefore,
  deleteOtpRequestsBefore,
  deleteSessionsExpiredBefore,
} from './housekeeping.repository.ts';

/** Throttle records are only read within their window (at most an hour); a day keeps a margin. */
const THROTTLE_RECORDS_KEPT_MS = 24 * 60 * 60_000;

export type HousekeepingResult = Record<
  'sessions' | 'authFailures' | 'captchaSolutions' | 'otpCodes' | 'otpRequests',
  number
>;

/** Deletes what nothing reads any more: expired sign-ins, spent captchas and codes, old throttle rows. */
export async function runHousekeeping(db: DbOrTx, now = new Date()): Promise<HousekeepingResult> {
  const throttleHorizon = new Date(now.getTime() - THROTTLE_RECORDS_KEPT_MS);
  return {
    sessions: (await deleteSessionsExpiredBefore(db, now)).length,
    authFailures: (await deleteAuthFailuresBefore(db, throttleHorizon)).length,
    captchaSolutions: (await deleteCaptchaSolutionsExpiredBefore(db, now)).length,
    otpCodes: (await deleteOtpCodesExpiredBefore(db, now)).length,
    otpRequests: (await deleteOtpRequestsBefore(db, throttleHorizon)).length,
  };
}
