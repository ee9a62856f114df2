CREATE TABLE "brand" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	CONSTRAINT "brand_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "category" (
	"id" integer PRIMARY KEY NOT NULL,
	"parent_id" integer,
	"level" smallint NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"path" text NOT NULL,
	"icon" text,
	"fixed_position" smallint,
	CONSTRAINT "category_path_unique" UNIQUE("path")
);
--> statement-breakpoint
CREATE TABLE "collection" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "popular_search" (
	"term" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product" (
	"id" integer PRIMARY KEY NOT NULL,
	"slug" text NOT NULL,
	"name" text NOT NULL,
	"brand_id" integer NOT NULL,
	"category_id" integer NOT NULL,
	"description" text NOT NULL,
	"ingredients" text,
	"nutrition" jsonb,
	"warning_seals" text[] DEFAULT '{}'::text[] NOT NULL,
	"certificates" text[] DEFAULT '{}'::text[] NOT NULL,
	"specifications" jsonb NOT NULL,
	"recipe" text,
	"release_date" timestamp with time zone NOT NULL,
	"release_end" timestamp with time zone,
	"is_new" boolean DEFAULT false NOT NULL,
	"online_exclusive" boolean DEFAULT false NOT NULL,
	"sponsored" boolean DEFAULT false NOT NULL,
	"collection_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sales" integer DEFAULT 0 NOT NULL,
	"rating_average" real DEFAULT 0 NOT NULL,
	"rating_count" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "review" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"author" text NOT NULL,
	"rating" smallint NOT NULL,
	"title" text NOT NULL,
	"text" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seller" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"is_chain" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku" (
	"id" integer PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"name" text NOT NULL,
	"ean" text NOT NULL,
	"ref_id" text NOT NULL,
	"measurement_unit" text NOT NULL,
	"unit_multiplier" numeric NOT NULL,
	"content_quantity" numeric NOT NULL,
	"content_unit" text NOT NULL,
	"cart_limit" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sku_offer" (
	"sku_id" integer NOT NULL,
	"sales_channel" integer NOT NULL,
	"seller_id" text NOT NULL,
	"price" integer NOT NULL,
	"list_price" integer NOT NULL,
	"available_quantity" integer NOT NULL,
	CONSTRAINT "sku_offer_sku_id_sales_channel_seller_id_pk" PRIMARY KEY("sku_id","sales_channel","seller_id")
);
--> statement-breakpoint
CREATE TABLE "promotion" (
	"id" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_document" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "store" (
	"id" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"seller_id" text NOT NULL,
	"sales_channel" integer NOT NULL,
	"warehouse_id" text NOT NULL,
	"comuna_code" text NOT NULL,
	"comuna" text NOT NULL,
	"region_code" text NOT NULL,
	"region" text NOT NULL,
	"address" text NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"pickup" boolean NOT NULL,
	"car" boolean NOT NULL,
	"express" boolean DEFAULT false NOT NULL,
	"active" boolean NOT NULL,
	"opening_hours" jsonb NOT NULL,
	"delivery_time_minutes" integer,
	CONSTRAINT "store_sales_channel_unique" UNIQUE("sales_channel")
);
--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_brand_id_brand_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brand"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product" ADD CONSTRAINT "product_category_id_category_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."category"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review" ADD CONSTRAINT "review_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku" ADD CONSTRAINT "sku_product_id_product_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."product"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_offer" ADD CONSTRAINT "sku_offer_sku_id_sku_id_fk" FOREIGN KEY ("sku_id") REFERENCES "public"."sku"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sku_offer" ADD CONSTRAINT "sku_offer_seller_id_seller_id_fk" FOREIGN KEY ("seller_id") REFERENCES "public"."seller"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "category_parent_idx" ON "category" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "product_category_idx" ON "product" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "product_brand_idx" ON "product" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "review_product_idx" ON "review" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "sku_product_idx" ON "sku" USING btree ("product_id");