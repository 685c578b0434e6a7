-- The entitlement ledger is append-only (issue 14): access is derived from its events, so a
-- correction is a new event (revoked, ended), never an edit. A trigger refuses UPDATE, DELETE and
-- TRUNCATE on every engine (PGlite has no roles), for every role, the application's included.
CREATE OR REPLACE FUNCTION entitlement_events_refuse_change() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'entitlement_events is append-only: % is not allowed', TG_OP USING ERRCODE = 'insufficient_privilege';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER entitlement_events_no_update_delete BEFORE UPDATE OR DELETE ON "entitlement_events" FOR EACH ROW EXECUTE FUNCTION entitlement_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER entitlement_events_no_truncate BEFORE TRUNCATE ON "entitlement_events" FOR EACH STATEMENT EXECUTE FUNCTION entitlement_events_refuse_change();
