-- Each server process keeps who a session token or an API key belongs to in memory (decision 222) and
-- LISTENs on auth_changed. These triggers tell every process, with the user's id, when that answer may
-- have changed: a session ended, or an account's role, disabled state or API key changed, or the
-- account was deleted. Balance and profile updates do not notify. A notification is delivered when the
-- transaction commits, and repeats of one user's id in one transaction are delivered once.
CREATE FUNCTION auth_changed_sessions() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', user_id::text) FROM (SELECT DISTINCT user_id FROM old_rows) AS ended;
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed_delete AFTER DELETE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_sessions();--> statement-breakpoint
CREATE TRIGGER sessions_auth_changed_update AFTER UPDATE ON sessions
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION auth_changed_sessions();--> statement-breakpoint
CREATE FUNCTION auth_changed_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('auth_changed', OLD.id::text);
  RETURN NULL;
END;
$$;--> statement-breakpoint
CREATE TRIGGER users_auth_changed_update AFTER UPDATE ON users FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.disabled_at IS DISTINCT FROM NEW.disabled_at
    OR OLD.api_key_hash IS DISTINCT FROM NEW.api_key_hash OR OLD.id IS DISTINCT FROM NEW.id)
  EXECUTE FUNCTION auth_changed_user();--> statement-breakpoint
CREATE TRIGGER users_auth_changed_delete AFTER DELETE ON users FOR EACH ROW
  EXECUTE FUNCTION auth_changed_user();
