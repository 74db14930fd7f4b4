CREATE TABLE "reseller_prices" (
	"user_id" uuid NOT NULL,
	"label_type_id" uuid NOT NULL,
	"percent" numeric(6, 2),
	"tiers" jsonb,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reseller_prices_user_id_label_type_id_pk" PRIMARY KEY("user_id","label_type_id"),
	CONSTRAINT "reseller_prices_one_kind" CHECK (("reseller_prices"."percent" IS NULL) <> ("reseller_prices"."tiers" IS NULL)),
	CONSTRAINT "reseller_prices_percent_range" CHECK ("reseller_prices"."percent" IS NULL OR "reseller_prices"."percent" > -100)
);
--> statement-breakpoint
ALTER TABLE "reseller_prices" ADD CONSTRAINT "reseller_prices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reseller_prices" ADD CONSTRAINT "reseller_prices_label_type_id_label_types_id_fk" FOREIGN KEY ("label_type_id") REFERENCES "public"."label_types"("id") ON DELETE cascade ON UPDATE no action;