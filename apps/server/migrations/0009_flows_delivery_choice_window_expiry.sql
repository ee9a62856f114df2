CREATE TABLE "flow_run" (
	"flow" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"input_hash" text NOT NULL,
	"result" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "flow_run_flow_idempotency_key_pk" PRIMARY KEY("flow","idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "window_reservation" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "window_reservation" ADD COLUMN "released" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "order_form" ADD COLUMN "delivery_choice" jsonb;--> statement-breakpoint
CREATE INDEX "window_reservation_expiry_idx" ON "window_reservation" USING btree ("expires_at") WHERE NOT "window_reservation"."released";--> statement-breakpoint
-- Holds made before holds expired last the stated 2 hours from when they were made.
UPDATE "window_reservation" SET "expires_at" = "reserved_at" + interval '2 hours';--> statement-breakpoint
-- Carts that chose a mode keep it as their delivery choice.
UPDATE "order_form" SET "delivery_choice" = jsonb_build_object('selectedSla', "selected_sla", 'salesChannel', "sales_channel", 'storeId', NULL, 'addressId', "shipping_data"->'address'->>'addressId', 'window', NULL) WHERE "selected_sla" IS NOT NULL;
