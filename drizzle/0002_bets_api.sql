ALTER TABLE "users" ADD COLUMN "bets_version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "bets_user_id" ON "bets" USING btree ("user_id","id");