-- The caller's own reference of an API v2 order, found by `read-orders?reference=` (decision 315).
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "reference" text;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "orders_user_reference_idx" ON "orders" USING btree ("user_id","reference") WHERE "orders"."reference" is not null;
--> statement-breakpoint
-- What a provider said when it refused a label or its void: staff only; resellers read a plain reason (decision 314).
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "provider_note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN IF NOT EXISTS "void_note" text;
