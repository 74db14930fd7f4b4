-- A pickup asked again under the same reference (a retry after a lost answer) is the first one (decision 329).
ALTER TABLE "pickups" ADD COLUMN "reference" text;
--> statement-breakpoint
CREATE UNIQUE INDEX "pickups_user_reference_idx" ON "pickups" USING btree ("user_id","reference") WHERE "reference" is not null and "status" = 'scheduled';
