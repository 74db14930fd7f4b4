-- Deposits paid through a payment company's hosted page (issue 44, decision 323): the companies staff
-- configure, and on each invoice its checkout, what the company captured and what happened since.
CREATE TABLE "payment_providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"credentials_sealed" text NOT NULL,
	"credential_hint" text NOT NULL,
	"mode" text NOT NULL,
	"is_enabled" boolean DEFAULT true NOT NULL,
	"fee_mode" text DEFAULT 'absorb' NOT NULL,
	"surcharge_percent" numeric(5, 2) DEFAULT 0 NOT NULL,
	"surcharge_fixed_cents" bigint DEFAULT 0 NOT NULL,
	"daily_limit_cents" bigint,
	"first_week_limit_cents" bigint,
	"webhook_id" text,
	"webhook_secret_sealed" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_providers_surcharge_check" CHECK ("payment_providers"."surcharge_percent" >= 0 AND "payment_providers"."surcharge_fixed_cents" >= 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX "payment_providers_name_idx" ON "payment_providers" USING btree (lower("name"));
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "provider_id" uuid REFERENCES "payment_providers"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "reference" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "hosted_url" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "charge_cents" bigint;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "fee_cents" bigint;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "risk" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "capture_id" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "expires_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "review_reason" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refund_id" text;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "refunded_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "dispute_status" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_provider_reference_idx" ON "invoices" USING btree ("provider_id","reference") WHERE "reference" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "invoices_capture_idx" ON "invoices" USING btree ("capture_id") WHERE "capture_id" IS NOT NULL;
--> statement-breakpoint
-- One open hosted payment per reseller per method (a checkout not paid nor ended yet).
CREATE UNIQUE INDEX "invoices_one_open_hosted_idx" ON "invoices" USING btree ("user_id","payment_method") WHERE "provider_id" IS NOT NULL AND "status" = 'pending' AND "capture_id" IS NULL AND "review_reason" IS NULL;
--> statement-breakpoint
-- A dispute takes back a deposit already spent: the balance may go below zero (decision 324), and the
-- ledger function alone keeps every other charge from doing so.
ALTER TABLE "users" DROP CONSTRAINT "users_balance_non_negative";
