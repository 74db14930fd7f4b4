CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ((discord_id || chr(10) || username || chr(10) || coalesce(email, '')) gin_trgm_ops) WITH (gin_pending_list_limit=64);
