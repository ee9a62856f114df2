CREATE TABLE "newsletter_subscription" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"document" text NOT NULL,
	"consumer" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "newsletter_subscription_email_key" ON "newsletter_subscription" USING btree (lower("email"));