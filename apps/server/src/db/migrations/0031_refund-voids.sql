ALTER TABLE "orders" ADD COLUMN "refund_status" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_refund_status_check" CHECK ("refund_status" IS NULL OR "refund_status" IN ('requested', 'submitted', 'refunded', 'rejected'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_note" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_reason" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "refund_asked_by" uuid;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "void_requested_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "void_upstream_id" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "void_checks" integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "void_check_at" timestamp with time zone;
--> statement-breakpoint
CREATE INDEX "orders_void_check_idx" ON "orders" USING btree ("void_check_at") WHERE "void_check_at" IS NOT NULL;
--> statement-breakpoint
ALTER TABLE "label_types" ADD COLUMN "void_window_days" integer DEFAULT 30 NOT NULL;
--> statement-breakpoint
UPDATE "label_types" SET "void_window_days" = CASE WHEN "carrier" = 'usps' THEN 30 ELSE 90 END;
--> statement-breakpoint
ALTER TABLE "label_types" ADD CONSTRAINT "label_types_void_window_check" CHECK ("void_window_days" BETWEEN 1 AND 365);
