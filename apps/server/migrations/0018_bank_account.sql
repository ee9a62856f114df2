CREATE TABLE "bank_account" (
	"user_id" text PRIMARY KEY NOT NULL,
	"holder_name" text NOT NULL,
	"holder_rut" text NOT NULL,
	"bank" text NOT NULL,
	"account_type" integer NOT NULL,
	"account_number" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
