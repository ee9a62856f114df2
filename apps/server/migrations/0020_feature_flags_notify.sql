-- A write to the feature flags (the staff endpoint, or SQL by hand) tells every app instance
-- (LISTEN feature_flags_changed) to reload them, so a flag changes without a restart and all agree.
CREATE OR REPLACE FUNCTION notify_feature_flags_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('feature_flags_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER feature_flag_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON feature_flag FOR EACH STATEMENT EXECUTE FUNCTION notify_feature_flags_changed();
