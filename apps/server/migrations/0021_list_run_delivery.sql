ALTER TABLE "list_run" ADD COLUMN "basket" jsonb;--> statement-breakpoint
ALTER TABLE "list_run" ADD COLUMN "window_start" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "list_run" ADD COLUMN "order_group" text;--> statement-breakpoint
ALTER TABLE "list_run" ADD COLUMN "failure" text;