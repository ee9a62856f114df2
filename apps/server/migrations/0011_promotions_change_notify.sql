-- Coupons and promotions tell every app instance (LISTEN promotions_changed) when anyone writes them, so a
-- cart rendered with an old coupon is not served again.
CREATE OR REPLACE FUNCTION notify_promotions_changed() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify('promotions_changed', TG_TABLE_NAME);
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER coupon_changed AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON coupon FOR EACH STATEMENT EXECUTE FUNCTION notify_promotions_changed();
--> statement-breakpoint
CREATE TRIGGER promotion_changed_promotions AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON promotion FOR EACH STATEMENT EXECUTE FUNCTION notify_promotions_changed();
