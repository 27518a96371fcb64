ALTER TABLE "users" ADD COLUMN "referred_by" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referred_by_users_id_fk" FOREIGN KEY ("referred_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "users_referred_by" ON "users" USING btree ("referred_by");--> statement-breakpoint
-- hand-written: each existing referral goes to whoever held the code when the friend signed up. A code
-- created after the sign-up (the squat issue 23 closes) or the friend's own binds no one.
UPDATE "users" SET "referred_by" = "referral_codes"."owner_id" FROM "referral_codes" WHERE "referral_codes"."code" = "users"."referral_code" AND "referral_codes"."owner_id" <> "users"."id" AND "referral_codes"."created_at" <= "users"."created_at";
