-- A claim is held while its request renews it (decision 316): a claim whose instance died or lost the
-- database is taken over once this passes, not 2 minutes after it was made. Claims of a running server
-- that predates this column count as lapsed; their charge's token check keeps them from charging twice.
ALTER TABLE "idempotency_keys" ADD COLUMN "held_until" timestamp with time zone DEFAULT now() NOT NULL;
