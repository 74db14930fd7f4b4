CREATE TABLE "invoice_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"invoice_id" uuid NOT NULL REFERENCES "invoices"("id") ON DELETE cascade,
	"receipt" text NOT NULL,
	"receipt_url" text,
	"submitted_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoice_receipts_receipt_idx" ON "invoice_receipts" USING btree ("receipt");
--> statement-breakpoint
CREATE INDEX "invoice_receipts_invoice_idx" ON "invoice_receipts" USING btree ("invoice_id","submitted_at");
--> statement-breakpoint
INSERT INTO "invoice_receipts" ("invoice_id", "receipt", "receipt_url", "submitted_at")
	SELECT "id", "receipt", "receipt_url", coalesce("receipt_at", "created_at") FROM "invoices" WHERE "receipt" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "claim_token" uuid DEFAULT gen_random_uuid() NOT NULL;
