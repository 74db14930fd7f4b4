CREATE TABLE "job_leases" (
	"job_id" uuid NOT NULL,
	"holder" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "job_leases_job_id_holder_pk" PRIMARY KEY("job_id","holder")
);
--> statement-breakpoint
CREATE INDEX "job_leases_expires_idx" ON "job_leases" USING btree ("expires_at");
--> statement-breakpoint
ALTER TABLE "webhook_endpoints" ADD COLUMN "paused_until" timestamp with time zone;
