CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 10001 CACHE 1;--> statement-breakpoint
CREATE SEQUENCE "public"."tracking_serial_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1;--> statement-breakpoint
CREATE TABLE "addresses" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"street" text NOT NULL,
	"street2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"zip" text NOT NULL,
	"country" text DEFAULT 'US' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "files" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"name" text NOT NULL,
	"content_type" text NOT NULL,
	"byte_size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" bigint DEFAULT nextval('order_number_seq') NOT NULL,
	"tracking_serial" bigint DEFAULT nextval('tracking_serial_seq') NOT NULL,
	"batch_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"label_type_id" uuid NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"price_cents" bigint NOT NULL,
	"weight" numeric(10, 2) NOT NULL,
	"height" numeric(10, 2),
	"width" numeric(10, 2),
	"length" numeric(10, 2),
	"design" text,
	"signature" boolean DEFAULT false NOT NULL,
	"from_name" text NOT NULL,
	"from_company" text DEFAULT '' NOT NULL,
	"from_street" text NOT NULL,
	"from_street2" text DEFAULT '' NOT NULL,
	"from_city" text NOT NULL,
	"from_state" text NOT NULL,
	"from_zip" text NOT NULL,
	"from_country" text DEFAULT 'US' NOT NULL,
	"from_phone" text DEFAULT '' NOT NULL,
	"to_name" text NOT NULL,
	"to_company" text DEFAULT '' NOT NULL,
	"to_street" text NOT NULL,
	"to_street2" text DEFAULT '' NOT NULL,
	"to_city" text NOT NULL,
	"to_state" text NOT NULL,
	"to_zip" text NOT NULL,
	"to_country" text DEFAULT 'US' NOT NULL,
	"to_phone" text DEFAULT '' NOT NULL,
	"tracking" text,
	"label_file_id" uuid,
	"failure_reason" text,
	"search_vector" "tsvector" GENERATED ALWAYS AS (to_tsvector('simple'::regconfig, 'lbl-' || order_number::text || ' ' || from_name || ' ' || to_name || ' ' || coalesce(tracking, ''))) STORED NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "addresses" ADD CONSTRAINT "addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_label_type_id_label_types_id_fk" FOREIGN KEY ("label_type_id") REFERENCES "public"."label_types"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_label_file_id_files_id_fk" FOREIGN KEY ("label_file_id") REFERENCES "public"."files"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "addresses_user_idx" ON "addresses" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "files_user_idx" ON "files" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_idx" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at","order_number");--> statement-breakpoint
CREATE INDEX "orders_user_status_created_idx" ON "orders" USING btree ("user_id","status","created_at","order_number");--> statement-breakpoint
CREATE INDEX "orders_search_idx" ON "orders" USING gin ("search_vector");--> statement-breakpoint
CREATE INDEX "orders_batch_idx" ON "orders" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("status") WHERE "orders"."status" in ('pending', 'processing');