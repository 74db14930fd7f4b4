-- A challenge dies after 5 wrong codes (decision 310).
ALTER TABLE "two_factor_challenges" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Account Settings lists remembered devices with when each last skipped the code (decision 311).
ALTER TABLE "two_factor_devices" ADD COLUMN "last_used_at" timestamp with time zone;--> statement-breakpoint
-- Recovery codes are now kept as an HMAC under the app secret; those already issued were a plain
-- SHA-256 and are marked so: each still works once, until the owner makes new ones (decision 311).
UPDATE "two_factor_recovery_codes" SET "code_hash" = 'sha256:' || "code_hash" WHERE "code_hash" NOT LIKE 'sha256:%';--> statement-breakpoint
-- One-time codes are now keyed by the app secret, not by a key kept beside them (decision 311).
DELETE FROM "app_secrets" WHERE "name" = 'otp_hmac_key';
