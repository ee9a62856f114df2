CREATE TABLE "feature_flag" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shopping_list" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"skus" jsonb NOT NULL,
	"type" text DEFAULT 'client' NOT NULL,
	"created_in" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"schedule_status" integer DEFAULT 0 NOT NULL,
	"schedule_frequency" integer DEFAULT 1 NOT NULL,
	"schedule_delivery_day" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "favourite_product" (
	"user_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favourite_product_user_id_sku_id_pk" PRIMARY KEY("user_id","sku_id")
);
--> statement-breakpoint
CREATE INDEX "shopping_list_user_idx" ON "shopping_list" USING btree ("user_id","created_in");--> statement-breakpoint
CREATE INDEX "favourite_product_user_idx" ON "favourite_product" USING btree ("user_id","created_at");