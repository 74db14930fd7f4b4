-- Two-factor sign-in (TOTP). The secret is sealed like API keys (AES-GCM with the app's key); a secret being
-- set up waits in two_factor_pending_cipher until a first code proves the authenticator has it.
-- two_factor_last_step is the time step of the last code accepted, so a code cannot be used twice.
ALTER TABLE "users" ADD COLUMN "two_factor_secret_cipher" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_pending_cipher" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_enabled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "two_factor_last_step" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE TABLE "two_factor_recovery_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"code_hash" text NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor_recovery_codes" ADD CONSTRAINT "two_factor_recovery_codes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_recovery_codes_user_code_idx" ON "two_factor_recovery_codes" USING btree ("user_id","code_hash");--> statement-breakpoint
CREATE TABLE "two_factor_challenges" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor_challenges" ADD CONSTRAINT "two_factor_challenges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "two_factor_challenges_token_hash_idx" ON "two_factor_challenges" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "two_factor_challenges_expires_idx" ON "two_factor_challenges" USING btree ("expires_at");--> statement-breakpoint
CREATE TABLE "two_factor_devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"user_agent" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "two_factor_devices" ADD CONSTRAINT "two_factor_devices_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_factor_devices_user_idx" ON "two_factor_devices" USING btree ("user_id");--> statement-breakpoint
-- Whether staff have a second factor gates the console, and each process remembers it with the session
-- (decision 222): turning it on or off tells every process, like a change of role.
DROP TRIGGER users_auth_changed_update ON users;--> statement-breakpoint
CREATE TRIGGER users_auth_changed_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at
    OR OLD.api_key_hash IS DISTINCT FROM NEW.api_key_hash OR OLD.id IS DISTINCT FROM NEW.id
    OR OLD.two_factor_enabled_at IS DISTINCT FROM NEW.two_factor_enabled_at)
  EXECUTE FUNCTION auth_changed_user();
