ALTER TABLE "store" ADD COLUMN "car_bays" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_window" ADD COLUMN "closed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_member" ADD COLUMN "active" boolean DEFAULT true NOT NULL;