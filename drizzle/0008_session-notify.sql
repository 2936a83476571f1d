-- Realtime streams learn at once that a session ended or its user changed (issue 21): signing out, a password
-- reset or change (sessions revoked), deactivation and role changes all delete a session row or update the user,
-- whoever does it (better-auth, our routes, the admin CLI in another process). Each such change notifies the
-- realtime channel with a "session.changed" event for the user; the streams of that user check their session
-- again (one query), and no stream queries the database on its heartbeat.
CREATE OR REPLACE FUNCTION meridian_notify_session_changed(user_id text) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('meridian_events', json_build_object('origin', 'database', 'events', json_build_array(json_build_object('type', 'session.changed', 'userId', user_id)))::text);
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meridian_session_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meridian_notify_session_changed(OLD.user_id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION meridian_user_access_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM meridian_notify_session_changed(NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER session_deleted_notify AFTER DELETE ON "session" FOR EACH ROW EXECUTE FUNCTION meridian_session_deleted();
--> statement-breakpoint
CREATE TRIGGER user_access_changed_notify AFTER UPDATE OF "role", "banned" ON "user" FOR EACH ROW
  WHEN (OLD.role IS DISTINCT FROM NEW.role OR OLD.banned IS DISTINCT FROM NEW.banned)
  EXECUTE FUNCTION meridian_user_access_changed();
