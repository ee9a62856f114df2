-- A write that changes products in place (an ERP's or the back office's product, SKU, specification or
-- collection write, issue 33) names them (NOTIFY catalog_products_changed) and every instance patches them into
-- its index, or rebuilds when what changed shapes the index (a name, a category, a new SKU). Such a transaction
-- sets despensa.catalog_change = 'products' (locally), so its writes do not also make every instance rebuild a
-- national chain's catalogue: a minute each, holding two indexes at once.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('despensa.catalog_change', true), '') NOT IN ('skus', 'products') THEN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
