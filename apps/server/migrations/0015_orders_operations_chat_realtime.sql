CREATE TABLE "order_fulfilment" (
	"order_id" text PRIMARY KEY NOT NULL,
	"lines" jsonb NOT NULL,
	"receipt" jsonb,
	"arrived_at" timestamp with time zone,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "operation_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"staff_id" text NOT NULL,
	"store_id" text NOT NULL,
	"order_id" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb
);
--> statement-breakpoint
CREATE TABLE "staff_member" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"name" text NOT NULL,
	"role" text NOT NULL,
	"store_id" text NOT NULL,
	"password_hash" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_session" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"staff_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "chat_message" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"order_id" text NOT NULL,
	"author" text NOT NULL,
	"author_name" text NOT NULL,
	"text" text NOT NULL,
	"sent_at" timestamp with time zone NOT NULL,
	"read_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "realtime_event" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"topic" text NOT NULL,
	"type" text NOT NULL,
	"order_id" text NOT NULL,
	"data" jsonb NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_order" ADD COLUMN "sales_channel" integer;--> statement-breakpoint
ALTER TABLE "order_fulfilment" ADD CONSTRAINT "order_fulfilment_order_id_shop_order_order_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."shop_order"("order_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_session" ADD CONSTRAINT "staff_session_staff_id_staff_member_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff_member"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "operation_audit_order_idx" ON "operation_audit" USING btree ("order_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_member_email_key" ON "staff_member" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "staff_session_staff_idx" ON "staff_session" USING btree ("staff_id");--> statement-breakpoint
CREATE INDEX "chat_message_order_idx" ON "chat_message" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "realtime_event_topic_idx" ON "realtime_event" USING btree ("topic","id");--> statement-breakpoint
CREATE INDEX "shop_order_channel_status_idx" ON "shop_order" USING btree ("sales_channel","status");