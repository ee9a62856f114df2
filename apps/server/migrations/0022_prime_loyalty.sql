CREATE TABLE "prime_charge" (
	"buy_order" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"amount" integer NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"authorization_code" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "prime_membership" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text NOT NULL,
	"card_id" text NOT NULL,
	"period_start" timestamp with time zone NOT NULL,
	"period_end" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loyalty_coupon" (
	"code" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"reward_id" text NOT NULL,
	"points" integer NOT NULL,
	"activated_at" timestamp with time zone NOT NULL,
	"valid_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_form" ADD COLUMN "prime" boolean DEFAULT false NOT NULL;--> statement-breakpoint
CREATE INDEX "prime_membership_period_end_idx" ON "prime_membership" USING btree ("period_end");--> statement-breakpoint
CREATE INDEX "loyalty_coupon_user_idx" ON "loyalty_coupon" USING btree ("user_id");