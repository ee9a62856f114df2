ALTER TABLE "coupon" ADD COLUMN "campaign" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Every coupon but a shopper's loyalty coupon (PUNTOS-…) is the chain's: the seeded ones and any typed in by SQL.
UPDATE "coupon" SET "campaign" = true WHERE "code" NOT LIKE 'PUNTOS-%';
