-- Teams (issue 45, decision 326): the reseller's users row stays the account; members are their own users
-- rows linked to it with a role. An account's own row needs no team_members row: without one it is the owner.
CREATE TABLE "team_members" (
	"member_id" uuid PRIMARY KEY NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"account_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"role" text NOT NULL,
	"daily_limit_cents" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "team_members_role" CHECK ("role" IN ('owner', 'admin', 'shipper', 'viewer')),
	CONSTRAINT "team_members_limit" CHECK ("daily_limit_cents" IS NULL OR "daily_limit_cents" >= 0)
);--> statement-breakpoint
CREATE INDEX "team_members_account_idx" ON "team_members" USING btree ("account_id");--> statement-breakpoint
CREATE TABLE "team_invitations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"token_hash" text NOT NULL,
	"invited_by" uuid REFERENCES "users"("id") ON DELETE set null,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);--> statement-breakpoint
CREATE UNIQUE INDEX "team_invitations_token_idx" ON "team_invitations" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "team_invitations_account_idx" ON "team_invitations" USING btree ("account_id");--> statement-breakpoint
CREATE TABLE "team_api_keys" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"member_id" uuid NOT NULL REFERENCES "users"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"key_hash" text NOT NULL,
	"prefix" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);--> statement-breakpoint
CREATE UNIQUE INDEX "team_api_keys_hash_idx" ON "team_api_keys" USING btree ("key_hash");--> statement-breakpoint
CREATE INDEX "team_api_keys_account_idx" ON "team_api_keys" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "team_api_keys_member_idx" ON "team_api_keys" USING btree ("member_id");--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "team_requires_two_factor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "last_seen_at" timestamp with time zone;--> statement-breakpoint
-- Each process remembers who a session or key is (decision 222): a member's role, limit or team changing,
-- or a key going, tells them with the member's id, so the next request reads the new answer.
CREATE FUNCTION auth_changed_member() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('auth_changed', OLD.member_id::text);
  ELSE
    PERFORM pg_notify('auth_changed', NEW.member_id::text);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER team_members_auth_changed AFTER INSERT OR UPDATE OR DELETE ON team_members FOR EACH ROW
  EXECUTE FUNCTION auth_changed_member();--> statement-breakpoint
CREATE TRIGGER team_api_keys_auth_changed AFTER DELETE ON team_api_keys FOR EACH ROW
  EXECUTE FUNCTION auth_changed_member();--> statement-breakpoint
CREATE FUNCTION auth_changed_team_rule() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_team_rule_changed AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.team_requires_two_factor IS DISTINCT FROM NEW.team_requires_two_factor)
  EXECUTE FUNCTION auth_changed_team_rule();
