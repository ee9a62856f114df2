CREATE TABLE "stock_hold" (
	"holder" text NOT NULL,
	"sku_id" integer NOT NULL,
	"sales_channel" integer NOT NULL,
	"seller_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"expires_at" timestamp with time zone,
	CONSTRAINT "stock_hold_holder_sku_id_sales_channel_seller_id_pk" PRIMARY KEY("holder","sku_id","sales_channel","seller_id"),
	CONSTRAINT "stock_hold_quantity" CHECK ("stock_hold"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "payment_transaction" (
	"id" text PRIMARY KEY NOT NULL,
	"order_group" text NOT NULL,
	"order_form_id" text NOT NULL,
	"user_id" text,
	"payment_system" integer NOT NULL,
	"value" integer NOT NULL,
	"status" text NOT NULL,
	"acquirer_token" text,
	"acquirer_url" text,
	"access_token" text NOT NULL,
	"authorization" jsonb,
	"refunded" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"authorized_at" timestamp with time zone,
	"canceled_at" timestamp with time zone,
	CONSTRAINT "payment_transaction_order_group_unique" UNIQUE("order_group"),
	CONSTRAINT "payment_transaction_acquirer_token_unique" UNIQUE("acquirer_token")
);
--> statement-breakpoint
CREATE TABLE "shop_order" (
	"order_id" text PRIMARY KEY NOT NULL,
	"order_group" text NOT NULL,
	"order_form_id" text NOT NULL,
	"user_id" text,
	"seller_id" text NOT NULL,
	"status" text NOT NULL,
	"value" integer NOT NULL,
	"detail" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"last_change" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_form" ADD COLUMN "payments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE INDEX "stock_hold_expiry_idx" ON "stock_hold" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_transaction_active_cart" ON "payment_transaction" USING btree ("order_form_id") WHERE "payment_transaction"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "shop_order_group_idx" ON "shop_order" USING btree ("order_group");--> statement-breakpoint
CREATE INDEX "shop_order_pending_idx" ON "shop_order" USING btree ("created_at") WHERE "shop_order"."status" = 'payment-pending';--> statement-breakpoint
ALTER TABLE "sku_offer" ADD CONSTRAINT "sku_offer_stock" CHECK ("sku_offer"."available_quantity" >= 0);