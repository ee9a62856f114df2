CREATE TABLE "cart_key_secret" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"secret" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_key_secret_single_row" CHECK ("cart_key_secret"."id" = 1)
);
