-- Live notifications: writes that change what a member's bell shows tell every server process on
-- this database over the same LISTEN/NOTIFY connection as the answer cache (channel yct_live):
--   n:<member id>  a new notice for that member (n:* for an announcement to all members)
--   c:<member id>  the member's unread count changed (a notice read, an announcement read)
--   s:<session id> a session was revoked (logout, password change, member disabled): its streams end
CREATE OR REPLACE FUNCTION yct_live_notice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    PERFORM pg_notify('yct_live', 'n:' || coalesce(NEW.member_id::text, '*'));
  ELSIF NEW.read_at IS DISTINCT FROM OLD.read_at AND NEW.member_id IS NOT NULL THEN
    PERFORM pg_notify('yct_live', 'c:' || NEW.member_id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_live_notice_read() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('yct_live', 'c:' || NEW.member_id::text);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_live_session() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.revoked_at IS NOT NULL AND OLD.revoked_at IS NULL THEN
    PERFORM pg_notify('yct_live', 's:' || NEW.id::text);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "notices_live" AFTER INSERT OR UPDATE OF read_at ON "notices" FOR EACH ROW EXECUTE FUNCTION yct_live_notice();
--> statement-breakpoint
CREATE TRIGGER "notice_reads_live" AFTER INSERT ON "notice_reads" FOR EACH ROW EXECUTE FUNCTION yct_live_notice_read();
--> statement-breakpoint
CREATE TRIGGER "sessions_live" AFTER UPDATE OF revoked_at ON "sessions" FOR EACH ROW EXECUTE FUNCTION yct_live_session();
