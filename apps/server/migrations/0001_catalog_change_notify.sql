-- Every app instance keeps an in-memory search index built from these tables; a statement-level
-- trigger tells all of them (LISTEN catalog_changed) to rebuild after any write, whoever made it.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER category_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON category FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER brand_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON brand FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER product_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER sku_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sku FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER sku_offer_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON sku_offer FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER promotion_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotion FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER review_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON review FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
