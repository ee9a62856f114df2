-- A collection created or renamed through the catalogue API reaches every instance's index too (0001's trigger).
CREATE TRIGGER collection_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON collection FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
