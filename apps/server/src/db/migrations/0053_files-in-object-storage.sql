-- Label files in object storage (issue 48, decision 335): a file's bytes stay in `content` on the embedded
-- default, or live in an S3-compatible bucket under `storage_key`; either way the row keeps its size and
-- sha-256. A label file past the retention period keeps its row, with `removed_at` and no bytes.
ALTER TABLE "files" ALTER COLUMN "content" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "storage_key" text;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "sha256" text;
--> statement-breakpoint
ALTER TABLE "files" ADD COLUMN "removed_at" timestamp with time zone;
--> statement-breakpoint
ALTER TABLE "files" ADD CONSTRAINT "files_bytes_somewhere" CHECK ("content" IS NOT NULL OR "storage_key" IS NOT NULL OR "removed_at" IS NOT NULL);
--> statement-breakpoint
CREATE UNIQUE INDEX "files_storage_key_idx" ON "files" USING btree ("storage_key");
--> statement-breakpoint
CREATE INDEX "files_kept_created_idx" ON "files" USING btree ("created_at") WHERE "removed_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "orders_label_file_idx" ON "orders" USING btree ("label_file_id");
--> statement-breakpoint
CREATE INDEX "upstream_label_files_file_idx" ON "upstream_label_files" USING btree ("file_id");
--> statement-breakpoint
-- Objects that may have no row: written before the transaction that was to point at them, or no longer
-- pointed at. The sweep deletes each object whose key no row holds once `sweep_after` has passed.
CREATE TABLE "file_store_checks" (
	"storage_key" text PRIMARY KEY NOT NULL,
	"sweep_after" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "file_store_checks_due_idx" ON "file_store_checks" USING btree ("sweep_after");
