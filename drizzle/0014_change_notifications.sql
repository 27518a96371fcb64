-- Issue 17: every committed change to a user row or a session is announced to every instance through
-- NOTIFY (delivered at commit, never for a rollback), whatever wrote it: a route on any instance, the account
-- job, an admin CLI. The session cache drops what it holds for the user, and the event streams tell the
-- user's tabs that their bets changed (bets_version moves with every bet write). Payloads stay tiny.
CREATE FUNCTION grid_notify_user() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('grid_user', json_build_object('id', OLD.id, 'bets', false)::text);
    RETURN OLD;
  END IF;
  PERFORM pg_notify(
    'grid_user',
    json_build_object('id', NEW.id, 'bets', NEW.bets_version <> OLD.bets_version)::text
  );
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER users_notify AFTER UPDATE OR DELETE ON users FOR EACH ROW EXECUTE FUNCTION grid_notify_user();
--> statement-breakpoint
CREATE FUNCTION grid_notify_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('grid_session', json_build_object('userId', OLD.user_id)::text);
  RETURN OLD;
END
$$;
--> statement-breakpoint
CREATE TRIGGER sessions_notify AFTER DELETE ON sessions FOR EACH ROW EXECUTE FUNCTION grid_notify_session();
