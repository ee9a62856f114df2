CREATE TABLE "coupon" (
	"code" text PRIMARY KEY NOT NULL,
	"promotion" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_form" (
	"id" text PRIMARY KEY NOT NULL,
	"sales_channel" integer DEFAULT 1 NOT NULL,
	"next_seq" integer DEFAULT 0 NOT NULL,
	"items_ordination" jsonb DEFAULT '{"criteria":"add_time","ascending":false}'::jsonb NOT NULL,
	"postal_code" text,
	"country" text DEFAULT 'CHL' NOT NULL,
	"selected_sla" text,
	"client_profile" jsonb,
	"coupon" text,
	"custom_data" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"substitute_type" smallint DEFAULT 6 NOT NULL,
	"receiver_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_form_item" (
	"order_form_id" text NOT NULL,
	"sku_id" integer NOT NULL,
	"seller_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"seq" integer NOT NULL,
	"substitute_type" smallint,
	"note" text,
	CONSTRAINT "order_form_item_order_form_id_sku_id_pk" PRIMARY KEY("order_form_id","sku_id")
);
--> statement-breakpoint
ALTER TABLE "order_form_item" ADD CONSTRAINT "order_form_item_order_form_id_order_form_id_fk" FOREIGN KEY ("order_form_id") REFERENCES "public"."order_form"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_form_updated_idx" ON "order_form" USING btree ("updated_at");
