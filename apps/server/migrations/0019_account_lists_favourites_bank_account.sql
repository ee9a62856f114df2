CREATE TABLE "feature_flag" (
	"key" text PRIMARY KEY NOT NULL,
	"enabled" boolean NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "list_run" (
	"list_id" text NOT NULL,
	"delivery_date" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"order_form_id" text,
	"cut_off_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "list_run_list_id_delivery_date_pk" PRIMARY KEY("list_id","delivery_date")
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
	"schedule_delivery_day" integer DEFAULT 1 NOT NULL,
	"schedule_since" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "favourite_product" (
	"user_id" text NOT NULL,
	"sku_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "favourite_product_user_id_sku_id_pk" PRIMARY KEY("user_id","sku_id")
);
--> statement-breakpoint
CREATE TABLE "bank_account" (
	"user_id" text PRIMARY KEY NOT NULL,
	"holder_name" text NOT NULL,
	"holder_rut" text NOT NULL,
	"bank" text NOT NULL,
	"account_type" integer NOT NULL,
	"account_number" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "list_run_due_idx" ON "list_run" USING btree ("status","cut_off_at");--> statement-breakpoint
CREATE INDEX "shopping_list_user_idx" ON "shopping_list" USING btree ("user_id","created_in");--> statement-breakpoint
CREATE INDEX "favourite_product_user_idx" ON "favourite_product" USING btree ("user_id","created_at");