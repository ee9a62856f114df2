CREATE TABLE "cms_draft" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cms_scheduled" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"publish_at" timestamp with time zone NOT NULL
);
