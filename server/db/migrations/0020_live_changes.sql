-- Live changes (issue 32): a write to what a member's open pages show tells every server process on
-- this database, on the live channel of migration 0012 (yct_live), which member's views it changes:
--   x:<member id>:<entity>:<id>  that member's pages showing the entity follow (lists, counts, details)
--   x:admin:<entity>:<id>        every admin's pages do (quick-inquiry queue, 入驻 queue, demand review)
-- entity: inquiry | quotation | demand | application (a 入驻 application, a supplier's status, roles).
-- Sent from triggers, so every path that writes (services, jobs, the admin's tools) is covered, and
-- only on commit (a NOTIFY inside a transaction waits for it). Nothing is stored: a client that was
-- away looks at everything again when its stream resumes.
CREATE OR REPLACE FUNCTION yct_live_change(target text, entity text, id integer) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  IF target IS NOT NULL AND id IS NOT NULL THEN
    PERFORM pg_notify('yct_live', 'x:' || target || ':' || entity || ':' || id::text);
  END IF;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_live_inquiry() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM yct_live_change(NEW.member_id::text, 'inquiry', NEW.id);
  IF NEW.supplier_id IS NOT NULL THEN
    PERFORM yct_live_change((SELECT member_id::text FROM suppliers WHERE id = NEW.supplier_id), 'inquiry', NEW.id);
  END IF;
  -- Quick inquiries and their routed copies are the platform's queue.
  IF NEW.kind = 'quick' OR NEW.parent_id IS NOT NULL THEN
    PERFORM yct_live_change('admin', 'inquiry', coalesce(NEW.parent_id, NEW.id));
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_live_quotation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM yct_live_change((SELECT member_id::text FROM suppliers WHERE id = NEW.supplier_id), 'quotation', NEW.id);
  IF NEW.demand_id IS NOT NULL THEN
    PERFORM yct_live_change((SELECT purchaser_id::text FROM demands WHERE id = NEW.demand_id), 'quotation', NEW.id);
  ELSIF NEW.inquiry_id IS NOT NULL THEN
    PERFORM yct_live_change((SELECT member_id::text FROM inquiries WHERE id = NEW.inquiry_id), 'quotation', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_live_demand() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  m integer;
BEGIN
  PERFORM yct_live_change(NEW.purchaser_id::text, 'demand', NEW.id);
  -- The suppliers that quoted on it see its state beside their quotations.
  FOR m IN SELECT DISTINCT s.member_id FROM quotations q JOIN suppliers s ON s.id = q.supplier_id WHERE q.demand_id = NEW.id AND s.member_id IS NOT NULL LOOP
    PERFORM yct_live_change(m::text, 'demand', NEW.id);
  END LOOP;
  IF NEW.status = 'PENDING_REVIEW' OR (TG_OP = 'UPDATE' AND OLD.status = 'PENDING_REVIEW') THEN
    PERFORM yct_live_change('admin', 'demand', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_live_application() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM yct_live_change(NEW.member_id::text, 'application', NEW.id);
  PERFORM yct_live_change('admin', 'application', NEW.id);
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION yct_live_member_roles() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.roles IS DISTINCT FROM OLD.roles THEN
    PERFORM yct_live_change(NEW.id::text, 'application', NEW.id);
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "inquiries_live" AFTER INSERT OR UPDATE ON "inquiries" FOR EACH ROW EXECUTE FUNCTION yct_live_inquiry();
--> statement-breakpoint
CREATE TRIGGER "quotations_live" AFTER INSERT OR UPDATE ON "quotations" FOR EACH ROW EXECUTE FUNCTION yct_live_quotation();
--> statement-breakpoint
CREATE TRIGGER "demands_live" AFTER INSERT OR UPDATE ON "demands" FOR EACH ROW EXECUTE FUNCTION yct_live_demand();
--> statement-breakpoint
CREATE TRIGGER "supplier_applications_live" AFTER INSERT OR UPDATE ON "supplier_applications" FOR EACH ROW EXECUTE FUNCTION yct_live_application();
--> statement-breakpoint
CREATE TRIGGER "suppliers_live" AFTER INSERT OR UPDATE OF "status", "verified" ON "suppliers" FOR EACH ROW EXECUTE FUNCTION yct_live_application();
--> statement-breakpoint
CREATE TRIGGER "members_live" AFTER UPDATE OF "roles" ON "members" FOR EACH ROW EXECUTE FUNCTION yct_live_member_roles();
