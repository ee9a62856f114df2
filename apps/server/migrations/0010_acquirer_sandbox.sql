CREATE TABLE "sandbox_oneclick_inscription" (
	"token" text PRIMARY KEY NOT NULL,
	"commerce_code" text NOT NULL,
	"username" text NOT NULL,
	"email" text NOT NULL,
	"response_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"card_number" text,
	"card_type" text,
	"payment_type_code" text,
	"response_code" integer,
	"finished_at" timestamp with time zone,
	"tbk_user" text,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "sandbox_oneclick_inscription_tbk_user_unique" UNIQUE("tbk_user")
);
--> statement-breakpoint
CREATE TABLE "sandbox_oneclick_payment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sandbox_oneclick_payment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"commerce_code" text NOT NULL,
	"buy_order" text NOT NULL,
	"child_commerce_code" text NOT NULL,
	"child_buy_order" text NOT NULL,
	"tbk_user" text NOT NULL,
	"amount" integer NOT NULL,
	"installments_number" integer DEFAULT 0 NOT NULL,
	"response_code" integer NOT NULL,
	"status" text NOT NULL,
	"payment_type_code" text NOT NULL,
	"card_number" text NOT NULL,
	"authorized_at" timestamp with time zone NOT NULL,
	"nullified_amount" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_webpay_transaction" (
	"token" text PRIMARY KEY NOT NULL,
	"commerce_code" text NOT NULL,
	"buy_order" text NOT NULL,
	"session_id" text NOT NULL,
	"amount" integer NOT NULL,
	"return_url" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"outcome" text DEFAULT 'pending' NOT NULL,
	"card_number" text,
	"payment_type_code" text,
	"response_code" integer,
	"paid_at" timestamp with time zone,
	"committed_at" timestamp with time zone,
	"status" text DEFAULT 'INITIALIZED' NOT NULL,
	"nullified_amount" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sandbox_oneclick_payment_order_idx" ON "sandbox_oneclick_payment" USING btree ("commerce_code","buy_order","child_buy_order");--> statement-breakpoint
CREATE INDEX "sandbox_oneclick_payment_user_idx" ON "sandbox_oneclick_payment" USING btree ("tbk_user","authorized_at");--> statement-breakpoint
CREATE INDEX "sandbox_webpay_transaction_buy_order_idx" ON "sandbox_webpay_transaction" USING btree ("buy_order");