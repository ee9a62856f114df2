CREATE TABLE "access_key" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"purpose" text NOT NULL,
	"subject" text DEFAULT '' NOT NULL,
	"key_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "authentication_token" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_credential" (
	"user_id" text PRIMARY KEY NOT NULL,
	"login" text NOT NULL,
	"password_hash" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_session" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "login_attempt" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"scope" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer" (
	"id" text PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"document" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"home_phone" text NOT NULL,
	"gtm_segment" text DEFAULT '' NOT NULL,
	"cluster_search" boolean DEFAULT false NOT NULL,
	"cluster_cencopay" boolean DEFAULT false NOT NULL,
	"has_wallet" boolean DEFAULT false NOT NULL,
	"cenco_pay_linked" boolean DEFAULT false NOT NULL,
	"prime_member" boolean DEFAULT false NOT NULL,
	"prime_cat" boolean DEFAULT false NOT NULL,
	"count_order" integer DEFAULT 0 NOT NULL,
	"prime_invitation_date" timestamp with time zone,
	"loyalty_points" integer DEFAULT 0 NOT NULL,
	"order_form_id" text,
	"terms_accepted_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_device" (
	"device_id" text PRIMARY KEY NOT NULL,
	"user_id" text,
	"token" text NOT NULL,
	"is_mobile" boolean NOT NULL,
	"device" text NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "customer_address" (
	"user_id" text NOT NULL,
	"id" text NOT NULL,
	"address_name" text DEFAULT '' NOT NULL,
	"receiver_name" text NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state" text NOT NULL,
	"street" text NOT NULL,
	"number" text DEFAULT '' NOT NULL,
	"neighborhood" text DEFAULT '' NOT NULL,
	"complement" text DEFAULT '' NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"lng" double precision,
	"lat" double precision,
	"geo_precision" text DEFAULT 'none' NOT NULL,
	"validated_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_address_user_id_id_pk" PRIMARY KEY("user_id","id")
);
--> statement-breakpoint
ALTER TABLE "order_form" ADD COLUMN "user_id" text;--> statement-breakpoint
CREATE INDEX "access_key_login_idx" ON "access_key" USING btree (lower("login"),"purpose","subject");--> statement-breakpoint
CREATE INDEX "authentication_token_expires_idx" ON "authentication_token" USING btree ("expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_credential_login_key" ON "customer_credential" USING btree (lower("login"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_session_token_key" ON "customer_session" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "customer_session_user_idx" ON "customer_session" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "login_attempt_scope_idx" ON "login_attempt" USING btree ("scope","at");--> statement-breakpoint
CREATE UNIQUE INDEX "customer_email_key" ON "customer" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "customer_document_key" ON "customer" USING btree ("document");