CREATE TABLE "abandoned_cart_reminder" (
	"order_form_id" text PRIMARY KEY NOT NULL,
	"reminded_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "abandoned_cart_reminder" ADD CONSTRAINT "abandoned_cart_reminder_order_form_id_order_form_id_fk" FOREIGN KEY ("order_form_id") REFERENCES "public"."order_form"("id") ON DELETE cascade ON UPDATE no action;