-- Every app instance keeps the stores and coverage zones in memory (the shipping module); a statement-level
-- trigger tells all of them (LISTEN shipping_changed) to reload after any write, whoever made it.
CREATE OR REPLACE FUNCTION notify_shipping_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('shipping_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER store_shipping_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON store FOR EACH STATEMENT EXECUTE FUNCTION notify_shipping_changed();
--> statement-breakpoint
CREATE TRIGGER coverage_zone_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coverage_zone FOR EACH STATEMENT EXECUTE FUNCTION notify_shipping_changed();
