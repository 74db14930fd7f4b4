-- SCAN forms (USPS manifests) and carrier pickups of a reseller's labels (issue 46, decision 328).
CREATE TABLE "scan_forms" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"carrier" text NOT NULL,
	"provider_id" uuid REFERENCES "providers"("id") ON DELETE restrict,
	"upstream_id" text,
	"from_address" jsonb NOT NULL,
	"ship_date" text NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"file_id" uuid REFERENCES "files"("id") ON DELETE set null,
	"is_test" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "scan_forms_user_created_idx" ON "scan_forms" USING btree ("user_id","created_at");
--> statement-breakpoint
-- A label is on one SCAN form at most: the unique order is what refuses a second.
CREATE TABLE "scan_form_orders" (
	"scan_form_id" uuid NOT NULL REFERENCES "scan_forms"("id") ON DELETE cascade,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	CONSTRAINT "scan_form_orders_pk" PRIMARY KEY("scan_form_id","order_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "scan_form_orders_order_idx" ON "scan_form_orders" USING btree ("order_id");
--> statement-breakpoint
CREATE TABLE "pickups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE restrict,
	"carrier" text NOT NULL,
	"provider_id" uuid REFERENCES "providers"("id") ON DELETE restrict,
	"upstream_id" text,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"confirmation" text DEFAULT '' NOT NULL,
	"price_cents" bigint DEFAULT 0 NOT NULL,
	"cost_cents" bigint,
	"address" jsonb NOT NULL,
	"min_datetime" timestamp with time zone NOT NULL,
	"max_datetime" timestamp with time zone NOT NULL,
	"instructions" text DEFAULT '' NOT NULL,
	"package_count" integer NOT NULL,
	"total_weight_oz" numeric(12, 2) NOT NULL,
	"is_test" boolean NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"cancelled_at" timestamp with time zone,
	CONSTRAINT "pickups_status_check" CHECK ("status" in ('scheduled', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX "pickups_user_created_idx" ON "pickups" USING btree ("user_id","created_at");
--> statement-breakpoint
CREATE TABLE "pickup_orders" (
	"pickup_id" uuid NOT NULL REFERENCES "pickups"("id") ON DELETE cascade,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	CONSTRAINT "pickup_orders_pk" PRIMARY KEY("pickup_id","order_id")
);
--> statement-breakpoint
CREATE INDEX "pickup_orders_order_idx" ON "pickup_orders" USING btree ("order_id");
