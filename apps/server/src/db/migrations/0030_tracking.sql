ALTER TABLE "orders" ADD COLUMN "tracking_status" text CHECK ("tracking_status" IN ('pre_transit', 'in_transit', 'out_for_delivery', 'available_for_pickup', 'delivered', 'return_to_sender', 'failure', 'unknown'));
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "tracking_updated_at" timestamp with time zone;
--> statement-breakpoint
UPDATE "orders" SET "tracking_status" = 'pre_transit' WHERE "status" = 'completed' AND "tracking" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "orders_user_tracking_created_idx" ON "orders" USING btree ("user_id","tracking_status","created_at","order_number") WHERE "tracking_status" IS NOT NULL;
--> statement-breakpoint
CREATE TABLE "order_tracking_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"source" text NOT NULL,
	"event_key" text NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL CHECK ("status" IN ('pre_transit', 'in_transit', 'out_for_delivery', 'available_for_pickup', 'delivered', 'return_to_sender', 'failure', 'unknown')),
	"description" text DEFAULT '' NOT NULL,
	"city" text,
	"state" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "order_tracking_events_key_idx" ON "order_tracking_events" USING btree ("order_id","event_key");
--> statement-breakpoint
CREATE INDEX "order_tracking_events_order_time_idx" ON "order_tracking_events" USING btree ("order_id","occurred_at");
--> statement-breakpoint
CREATE TABLE "tracking_polls" (
	"order_id" uuid PRIMARY KEY NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"next_at" timestamp with time zone NOT NULL,
	"interval_seconds" integer NOT NULL CHECK ("interval_seconds" > 0),
	"started_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "tracking_polls_next_idx" ON "tracking_polls" USING btree ("next_at");
--> statement-breakpoint
CREATE TABLE "inbound_webhook_receipts" (
	"source" text NOT NULL,
	"message_id" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inbound_webhook_receipts_source_message_id_pk" PRIMARY KEY("source","message_id")
);
--> statement-breakpoint
CREATE INDEX "inbound_webhook_receipts_received_idx" ON "inbound_webhook_receipts" USING btree ("received_at");
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "webhook_secret_sealed" text;
--> statement-breakpoint
ALTER TABLE "providers" ADD COLUMN "webhook_id" text;
--> statement-breakpoint
CREATE INDEX "label_purchases_upstream_idx" ON "label_purchases" USING btree ("provider_id","upstream_id");
--> statement-breakpoint
CREATE INDEX "label_purchases_tracking_idx" ON "label_purchases" USING btree ("provider_id","tracking");
