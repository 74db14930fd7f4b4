-- A challenge dies after 5 wrong codes (decision 310).
ALTER TABLE "two_factor_challenges" ADD COLUMN "failed_attempts" integer DEFAULT 0 NOT NULL;
