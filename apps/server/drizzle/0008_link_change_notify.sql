-- Every change of a link's public view bumps links.version in the transaction that makes it.
-- This trigger turns that one place into a notification, sent by Postgres at commit (never for
-- a rolled-back change) to every process listening on the database: their link-view caches and
-- event streams follow it. The payload is "<link id>:<version>" (or "<link id>:deleted").
CREATE OR REPLACE FUNCTION paylink_notify_link_changed() RETURNS trigger AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('paylink_link_changed', OLD.id || ':deleted');
    RETURN OLD;
  END IF;
  PERFORM pg_notify('paylink_link_changed', NEW.id || ':' || NEW.version);
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER links_version_notify AFTER UPDATE OF version ON links
  FOR EACH ROW WHEN (NEW.version IS DISTINCT FROM OLD.version) EXECUTE FUNCTION paylink_notify_link_changed();
--> statement-breakpoint
CREATE TRIGGER links_delete_notify AFTER DELETE ON links
  FOR EACH ROW EXECUTE FUNCTION paylink_notify_link_changed();
