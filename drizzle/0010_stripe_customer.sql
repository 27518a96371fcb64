ALTER TABLE "users" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
CREATE UNIQUE INDEX "users_stripe_customer" ON "users" USING btree ("stripe_customer_id");