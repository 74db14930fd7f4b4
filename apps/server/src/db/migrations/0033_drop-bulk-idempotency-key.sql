-- Nothing ever wrote a key here: API bulk orders are deduplicated by the idempotency_keys table (decision 100).
DROP INDEX IF EXISTS "bulk_orders_user_idempotency_key_idx";--> statement-breakpoint
ALTER TABLE "bulk_orders" DROP COLUMN IF EXISTS "idempotency_key";
