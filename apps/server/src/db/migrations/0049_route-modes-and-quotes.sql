-- How each label type's route is used (ordered, cheapest, cheapest-within) and its margin floor, and the
-- live quotes each order was routed by (issue 47, decision 332).
CREATE TABLE "label_type_routings" (
	"label_type_id" uuid PRIMARY KEY NOT NULL,
	"mode" text DEFAULT 'ordered' NOT NULL,
	"within_cents" integer,
	"min_margin_cents" integer,
	"min_margin_percent" double precision,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "label_type_routings_within_check" CHECK ("within_cents" IS NULL OR "within_cents" >= 0),
	CONSTRAINT "label_type_routings_margin_check" CHECK (("min_margin_cents" IS NULL OR "min_margin_cents" >= 0) AND ("min_margin_percent" IS NULL OR "min_margin_percent" >= 0))
);
--> statement-breakpoint
ALTER TABLE "label_type_routings" ADD CONSTRAINT "label_type_routings_label_type_id_label_types_id_fk" FOREIGN KEY ("label_type_id") REFERENCES "public"."label_types"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE TABLE "order_routings" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"mode" text NOT NULL,
	"quotes" jsonb NOT NULL,
	"chosen_provider_id" uuid,
	"ordered_cost_cents" bigint,
	"is_below_margin" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_routings" ADD CONSTRAINT "order_routings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "order_routings" ADD CONSTRAINT "order_routings_chosen_provider_id_providers_id_fk" FOREIGN KEY ("chosen_provider_id") REFERENCES "public"."providers"("id") ON DELETE set null ON UPDATE no action;
