CREATE TABLE "offer_feed_job" (
	"id" text NOT NULL,
	"owner" text NOT NULL,
	"stage" text NOT NULL,
	"percent" integer DEFAULT 0 NOT NULL,
	"report" jsonb,
	"failure" text,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "offer_feed_job_owner_id_pk" PRIMARY KEY("owner","id")
);
--> statement-breakpoint
CREATE TABLE "order_line_refund" (
	"order_id" text NOT NULL,
	"line" integer NOT NULL,
	"amount" integer NOT NULL,
	"staff_id" text NOT NULL,
	"refunded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_line_refund" ADD CONSTRAINT "order_line_refund_order_id_shop_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "order_line_refund_key" ON "order_line_refund" USING btree ("order_id","line");