CREATE TABLE "sandbox_gift_card" (
	"number" text PRIMARY KEY NOT NULL,
	"password" text NOT NULL,
	"balance_cents" integer NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"wrong_passwords" integer DEFAULT 0 NOT NULL,
	"max_redeem_cents" integer,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_gift_card_redemption" (
	"reference" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"balance_after_cents" integer NOT NULL,
	"redeemed_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet_account" (
	"email" text PRIMARY KEY NOT NULL,
	"has_wallet" boolean NOT NULL,
	"is_linked" boolean NOT NULL,
	"balance_cents" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet_card" (
	"token" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"behaviour" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"removed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_wallet_charge" (
	"internal_code" text PRIMARY KEY NOT NULL,
	"t_id" text NOT NULL,
	"email" text NOT NULL,
	"card_token" text,
	"amount_cents" integer NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"settles_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	CONSTRAINT "sandbox_wallet_charge_t_id_unique" UNIQUE("t_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_card" (
	"id" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"token" text NOT NULL,
	"tbk_user" text NOT NULL,
	"brand" text NOT NULL,
	"card_last4" text NOT NULL,
	"payment_method" text NOT NULL,
	"auto_delete" boolean DEFAULT false NOT NULL,
	"tokenizer_transaction" text NOT NULL,
	"favourite" boolean DEFAULT false NOT NULL,
	"in_use" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"deleted_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "wallet_charge" (
	"internal_code" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"card_id" text NOT NULL,
	"t_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "wallet_charge_t_id_unique" UNIQUE("t_id")
);
--> statement-breakpoint
CREATE TABLE "wallet_enrolment" (
	"token" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"email" text NOT NULL,
	"payment_method" text NOT NULL,
	"callback" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "wallet_card_user_idx" ON "wallet_card" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "wallet_card_favourite_idx" ON "wallet_card" USING btree ("user_id") WHERE "wallet_card"."favourite" and "wallet_card"."deleted_at" is null;