CREATE TABLE "list_run" (
	"list_id" text NOT NULL,
	"delivery_date" text NOT NULL,
	"user_id" text NOT NULL,
	"status" text NOT NULL,
	"order_form_id" text,
	"cut_off_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "list_run_list_id_delivery_date_pk" PRIMARY KEY("list_id","delivery_date")
);
--> statement-breakpoint
ALTER TABLE "shopping_list" ADD COLUMN "schedule_since" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "list_run_due_idx" ON "list_run" USING btree ("status","cut_off_at");