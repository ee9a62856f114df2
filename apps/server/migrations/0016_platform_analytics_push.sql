CREATE TABLE "analytics_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"occurred_at" timestamp with time zone NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"type" text NOT NULL,
	"page_type" text NOT NULL,
	"path" text NOT NULL,
	"device" text NOT NULL,
	"visitor_id" text,
	"session_id" text,
	"app_version" text,
	"term" text,
	"results" integer,
	"product_id" text,
	"sku_id" text,
	"quantity" double precision,
	"step" text,
	"order_id" text,
	"email" text,
	"name" text,
	"value" double precision
);
--> statement-breakpoint
CREATE TABLE "push_vapid_keys" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"public_key" text NOT NULL,
	"private_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "push_vapid_keys_single_row" CHECK ("push_vapid_keys"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "analytics_event_type_time" ON "analytics_event" USING btree ("type","occurred_at");