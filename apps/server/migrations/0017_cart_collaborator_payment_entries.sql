ALTER TABLE "order_form" ADD COLUMN "collaborator" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "channel" text DEFAULT 'webpayRedirect' NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "entries" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_transaction" ADD COLUMN "gift_card_value" integer DEFAULT 0 NOT NULL;