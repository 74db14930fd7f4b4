-- Issue 46 (decisions 330, 331): what a parcel holds (its packing slip and the bulk order's pick list), its
-- declared value and insurance charge, and the return label made from it.
CREATE TABLE "order_items" (
	"order_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"sku" text DEFAULT '' NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "order_items_order_id_position_pk" PRIMARY KEY("order_id","position"),
	CONSTRAINT "order_items_quantity_check" CHECK ("order_items"."quantity" > 0)
);
--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insured_value_cents" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance_cents" bigint;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "insurance_status" text;
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "return_of" uuid;
--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_return_of_orders_id_fk" FOREIGN KEY ("return_of") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
CREATE UNIQUE INDEX "orders_return_of_idx" ON "orders" USING btree ("return_of") WHERE "orders"."return_of" is not null;
--> statement-breakpoint
ALTER TABLE "label_types" ADD COLUMN "insurance_per100_cents" integer DEFAULT 100;
--> statement-breakpoint
ALTER TABLE "label_types" ADD COLUMN "insurance_min_cents" integer DEFAULT 100 NOT NULL;
--> statement-breakpoint
ALTER TABLE "label_types" ADD COLUMN "return_label_type_id" uuid;
--> statement-breakpoint
ALTER TABLE "label_types" ADD CONSTRAINT "label_types_return_label_type_id_label_types_id_fk" FOREIGN KEY ("return_label_type_id") REFERENCES "public"."label_types"("id") ON DELETE set null ON UPDATE no action;
