CREATE TABLE "coverage_zone" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"sales_channel" integer,
	"name" text NOT NULL,
	"rings" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_window" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"store_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"capacity" integer NOT NULL,
	"reserved" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "delivery_window_store_start" UNIQUE("store_id","starts_at"),
	CONSTRAINT "delivery_window_capacity" CHECK ("delivery_window"."reserved" >= 0 AND "delivery_window"."reserved" <= "delivery_window"."capacity")
);
--> statement-breakpoint
CREATE TABLE "geolocation_lookup" (
	"uuid" text PRIMARY KEY NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"sales_channel" integer,
	"coverage_state" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"order_id" text,
	"logged_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "window_reservation" (
	"order_form_id" text PRIMARY KEY NOT NULL,
	"window_id" bigint NOT NULL,
	"reserved_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_form" ADD COLUMN "shipping_data" jsonb;--> statement-breakpoint
ALTER TABLE "window_reservation" ADD CONSTRAINT "window_reservation_window_id_delivery_window_id_fk" FOREIGN KEY ("window_id") REFERENCES "public"."delivery_window"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "window_reservation_window_idx" ON "window_reservation" USING btree ("window_id");