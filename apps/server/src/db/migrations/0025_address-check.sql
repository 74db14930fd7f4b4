-- Each reseller's address check (issue 38, decision 250): confirm (the default), correct or off.
ALTER TABLE "users" ADD COLUMN "address_check" text DEFAULT 'confirm' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_address_check_mode" CHECK ("users"."address_check" IN ('confirm', 'correct', 'off'));
