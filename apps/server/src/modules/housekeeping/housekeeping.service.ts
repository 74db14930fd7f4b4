import type { DbOrTx } from '../../db/client.ts';
import { purgeDeliveredEvents } from '../../events/outbox.ts';
import { RECEIPT_TTL_MS } from '../../lib/inbound-window.ts';
import { deleteProviderCallsBefore } from '../providers/providers.service.ts';
import { deleteExpiredTwoFactorRows } from '../two-factor/two-factor.service.ts';
import { DELIVERY_LOG_SIZE } from '../webhooks/webhooks.service.ts';
import {
  deleteAuthFailuresBefore,
  deleteDeliveriesBeyondLog,
  deleteFinishedDeliveriesBefore,
  deleteUndeliverableEvents,
  deleteCaptchaSolutionsExpiredBefore,
  deleteIdempotencyKeysExpiredBefore,
  deleteInboundReceiptsBefore,
  deleteOtpCodesExpiredBefore,
  deleteOtpRequestsBefore,
  deleteRateLimitHitsExpiredBefore,
  deleteSessionsExpiredBefore,
} from './housekeeping.repository.ts';

/** Throttle records are only read within their window (at most an hour); a day keeps a margin. */
const THROTTLE_RECORDS_RETENTION_MS = 24 * 60 * 60_000;
/** Webhook deliveries are a log for resellers to debug with; a month back is plenty (decision 151). */
export const WEBHOOK_DELIVERIES_RETENTION_MS = 30 * 24 * 60 * 60_000;
/** Provider call records feed the console's last-hour health; a week keeps the last errors in view. */
const PROVIDER_CALLS_RETENTION_MS = 7 * 24 * 60 * 60_000;

export type HousekeepingResult = Record<
  | 'sessions'
  | 'authFailures'
  | 'captchaSolutions'
  | 'idempotencyKeys'
  | 'otpCodes'
  | 'otpRequests'
  | 'rateLimitHits'
  | 'webhookDeliveries'
  | 'webhookEvents'
  | 'providerCalls'
  | 'twoFactor'
  | 'inboundWebhookReceipts'
  | 'outboxEvents',
  number
>;

/**
 * Deletes what nothing reads any more: expired sign-ins, second-factor challenges and remembered devices, spent captchas, codes and idempotency keys, old
 * throttle rows, ended rate-limit windows, and webhook deliveries older than 30 days or beyond the last 100 of their endpoint, then
 * their events.
 */
export async function runHousekeeping(db: DbOrTx, now = new Date()): Promise<HousekeepingResult> {
  const throttleHorizon = new Date(now.getTime() - THROTTLE_RECORDS_RETENTION_MS);
  return {
    sessions: (await deleteSessionsExpiredBefore(db, now)).length,
    authFailures: (await deleteAuthFailuresBefore(db, throttleHorizon)).length,
    captchaSolutions: (await deleteCaptchaSolutionsExpiredBefore(db, now)).length,
    idempotencyKeys: (await deleteIdempotencyKeysExpiredBefore(db, now)).length,
    otpCodes: (await deleteOtpCodesExpiredBefore(db, now)).length,
    otpRequests: (await deleteOtpRequestsBefore(db, throttleHorizon)).length,
    rateLimitHits: (await deleteRateLimitHitsExpiredBefore(db, now)).length,
    webhookDeliveries:
      (await deleteFinishedDeliveriesBefore(db, new Date(now.getTime() - WEBHOOK_DELIVERIES_RETENTION_MS)))
        .length + (await deleteDeliveriesBeyondLog(db, DELIVERY_LOG_SIZE)),
    webhookEvents: (await deleteUndeliverableEvents(db)).length,
    providerCalls: (
      await deleteProviderCallsBefore(db, new Date(now.getTime() - PROVIDER_CALLS_RETENTION_MS))
    ).length,
    twoFactor: await deleteExpiredTwoFactorRows(db, now),
    // Remembered past the window in which an inbound message's age is accepted, then forgotten.
    inboundWebhookReceipts: (await deleteInboundReceiptsBefore(db, new Date(now.getTime() - RECEIPT_TTL_MS)))
      .length,
    // Order events every subscriber heard, a week on; one not yet heard stays until it is (decision 338).
    outboxEvents: await purgeDeliveredEvents(db, now),
  };
}
