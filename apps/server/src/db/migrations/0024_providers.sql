CREATE TABLE "providers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL CHECK ("kind" IN ('labelport', 'easypost', 'shippo')),
	"name" text NOT NULL,
	"credentials_sealed" text NOT NULL,
	"credential_hint" text NOT NULL,
	"base_url" text,
	"mode" text NOT NULL CHECK ("mode" IN ('test', 'live')),
	"is_enabled" boolean DEFAULT true NOT NULL,
	"max_concurrent" integer DEFAULT 10 NOT NULL CHECK ("max_concurrent" BETWEEN 1 AND 200),
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "providers_name_idx" ON "providers" USING btree (lower("name"));
--> statement-breakpoint
CREATE TABLE "label_type_routes" (
	"label_type_id" uuid NOT NULL REFERENCES "label_types"("id") ON DELETE cascade,
	"position" integer NOT NULL,
	"provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE restrict,
	"service" text NOT NULL,
	CONSTRAINT "label_type_routes_label_type_id_position_pk" PRIMARY KEY("label_type_id","position")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "label_type_routes_provider_idx" ON "label_type_routes" USING btree ("label_type_id","provider_id");
--> statement-breakpoint
CREATE INDEX "label_type_routes_provider_id_idx" ON "label_type_routes" USING btree ("provider_id");
--> statement-breakpoint
CREATE TABLE "label_purchases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL REFERENCES "orders"("id") ON DELETE cascade,
	"provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE restrict,
	"service" text NOT NULL,
	"state" text DEFAULT 'started' NOT NULL CHECK ("state" IN ('started', 'unknown', 'bought', 'not_bought', 'rejected')),
	"upstream_id" text,
	"tracking" text,
	"cost_cents" bigint,
	"error" text,
	"tries" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "label_purchases_order_provider_idx" ON "label_purchases" USING btree ("order_id","provider_id");
--> statement-breakpoint
CREATE INDEX "label_purchases_provider_idx" ON "label_purchases" USING btree ("provider_id");
--> statement-breakpoint
CREATE TABLE "provider_calls" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"provider_id" uuid NOT NULL REFERENCES "providers"("id") ON DELETE cascade,
	"operation" text NOT NULL,
	"outcome" text NOT NULL CHECK ("outcome" IN ('ok', 'rejected', 'not_bought', 'unknown')),
	"duration_ms" integer NOT NULL,
	"error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "provider_calls_duration_check" CHECK ("duration_ms" >= 0)
);
--> statement-breakpoint
CREATE INDEX "provider_calls_provider_created_idx" ON "provider_calls" USING btree ("provider_id","created_at");
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_id" uuid REFERENCES "providers"("id") ON DELETE restrict;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cost_cents" bigint;
--> statement-breakpoint
CREATE INDEX "orders_provider_idx" ON "orders" USING btree ("provider_id") WHERE "provider_id" IS NOT NULL;
