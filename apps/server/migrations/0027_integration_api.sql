CREATE TABLE "integration_app_key" (
	"app_key" text PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"label" text NOT NULL,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"rate_per_second" integer NOT NULL,
	"burst" integer NOT NULL,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_kind" text NOT NULL,
	"actor_id" text NOT NULL,
	"action" text NOT NULL,
	"subject" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "pricing_setting" (
	"id" smallint PRIMARY KEY NOT NULL,
	"forbid_below_cost" boolean NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_price" (
	"sku_id" integer PRIMARY KEY NOT NULL,
	"markup" numeric,
	"base_price" numeric NOT NULL,
	"list_price" numeric,
	"cost_price" numeric,
	"fixed_prices" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "audit_log_subject_idx" ON "audit_log" USING btree ("subject","id");--> statement-breakpoint
-- An ERP's price write (issue 30) names the SKUs it changed (NOTIFY catalog_skus_changed) and every instance
-- patches only those into its index. Such a transaction sets despensa.catalog_change = 'skus' (locally), so
-- its writes do not also make every instance rebuild the whole catalogue; any other write still does.
CREATE OR REPLACE FUNCTION notify_catalog_changed() RETURNS trigger AS $$
BEGIN
  IF coalesce(current_setting('despensa.catalog_change', true), '') <> 'skus' THEN
    PERFORM pg_notify('catalog_changed', TG_TABLE_NAME);
  END IF;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
