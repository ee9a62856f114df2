-- Every order moves stock. A stock change no longer rebuilds every instance's catalogue index (a full
-- read of the catalogue): it says which offer changed and to what (LISTEN stock_changed), and the index
-- patches that offer in place. Any other write to an offer still rebuilds (catalog_changed).
DROP TRIGGER IF EXISTS sku_offer_changed ON sku_offer;
--> statement-breakpoint
CREATE TRIGGER sku_offer_changed AFTER INSERT OR DELETE OR TRUNCATE ON sku_offer FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE TRIGGER sku_offer_priced AFTER UPDATE OF sku_id, sales_channel, seller_id, price, list_price ON sku_offer FOR EACH STATEMENT EXECUTE FUNCTION notify_catalog_changed();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION notify_stock_changed() RETURNS trigger AS $$
BEGIN
  IF NEW.available_quantity IS DISTINCT FROM OLD.available_quantity THEN
    PERFORM pg_notify('stock_changed', json_build_array(NEW.sku_id, NEW.sales_channel, NEW.seller_id, NEW.available_quantity)::text);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER sku_offer_stock_changed AFTER UPDATE OF available_quantity ON sku_offer FOR EACH ROW EXECUTE FUNCTION notify_stock_changed();
