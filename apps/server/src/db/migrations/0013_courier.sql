CREATE TABLE "courier_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"price_cents" bigint,
	"note" text DEFAULT '' NOT NULL,
	"from_address" jsonb NOT NULL,
	"to_address" jsonb NOT NULL,
	"weight" numeric NOT NULL,
	"length" numeric NOT NULL,
	"width" numeric NOT NULL,
	"height" numeric NOT NULL,
	"weight_unit" text NOT NULL,
	"dimension_unit" text NOT NULL,
	"special_notes" text DEFAULT '' NOT NULL,
	"file_id" uuid,
	"charged_cents" integer,
	"search_text" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "courier_orders_status_check" CHECK ("courier_orders"."status" in ('Pending', 'Awaiting User Input', 'In Process', 'Completed', 'Cancelled'))
);
--> statement-breakpoint
ALTER TABLE "courier_orders" ADD CONSTRAINT "courier_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "courier_orders" ADD CONSTRAINT "courier_orders_file_id_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "courier_orders_user_created_idx" ON "courier_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "courier_orders_status_created_idx" ON "courier_orders" USING btree ("status","created_at");