-- Who did what in a team (issue 45, decision 327): each order and bulk order names the member who bought it
-- (and the key, for API calls), each purchase's ledger entry the member whose daily limit it counts against,
-- and team_activity lists the team's changes.
ALTER TABLE "orders" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "created_by_key_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "created_by_id" uuid;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "created_by_name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bulk_orders" ADD COLUMN "created_by_key_id" uuid;--> statement-breakpoint
-- Before teams every purchase was the account owner's.
UPDATE "bulk_orders" SET "created_by_id" = "bulk_orders"."user_id", "created_by_name" = "users"."username"
  FROM "users" WHERE "users"."id" = "bulk_orders"."user_id";--> statement-breakpoint
UPDATE "orders" SET "created_by_id" = "orders"."user_id", "created_by_name" = "users"."username"
  FROM "users" WHERE "users"."id" = "orders"."user_id";--> statement-breakpoint
ALTER TABLE "ledger_entries" ADD COLUMN "member_id" uuid;--> statement-breakpoint
CREATE INDEX "ledger_member_idx" ON "ledger_entries" USING btree ("member_id", "created_at");--> statement-breakpoint
CREATE TABLE "team_activity" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"member_id" uuid REFERENCES "users"("id") ON DELETE set null,
	"member_name" text,
	"api_key_id" uuid,
	"api_key_name" text,
	"action" text NOT NULL,
	"summary" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);--> statement-breakpoint
CREATE INDEX "team_activity_account_idx" ON "team_activity" USING btree ("account_id", "created_at");--> statement-breakpoint
CREATE INDEX "team_activity_member_idx" ON "team_activity" USING btree ("member_id", "created_at");
