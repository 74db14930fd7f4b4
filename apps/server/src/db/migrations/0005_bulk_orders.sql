CREATE TABLE "bulk_order_rows" (
	"bulk_order_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"order_id" uuid NOT NULL,
	CONSTRAINT "bulk_order_rows_bulk_order_id_row_number_pk" PRIMARY KEY("bulk_order_id","row_number")
);
--> statement-breakpoint
CREATE TABLE "bulk_orders" (
	"id" uuid PRIMARY KEY NOT NULL,
	"user_id" uuid NOT NULL,
	"label_type_id" uuid NOT NULL,
	"source" text NOT NULL,
	"design" text,
	"total_orders" integer NOT NULL,
	"total_cents" bigint NOT NULL,
	"input_file_id" uuid,
	"file_name" text,
	"content_hash" text NOT NULL,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bulk_order_rows" ADD CONSTRAINT "bulk_order_rows_bulk_order_id_bulk_orders_id_fk" FOREIGN KEY ("bulk_order_id") REFERENCES "public"."bulk_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_order_rows" ADD CONSTRAINT "bulk_order_rows_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_label_type_id_label_types_id_fk" FOREIGN KEY ("label_type_id") REFERENCES "public"."label_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD CONSTRAINT "bulk_orders_input_file_id_files_id_fk" FOREIGN KEY ("input_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_order_rows_order_idx" ON "bulk_order_rows" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "bulk_orders_user_created_idx" ON "bulk_orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "bulk_orders_user_hash_idx" ON "bulk_orders" USING btree ("user_id","content_hash","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_orders_user_idempotency_key_idx" ON "bulk_orders" USING btree ("user_id","idempotency_key") WHERE "bulk_orders"."idempotency_key" is not null;