CREATE TABLE "app_settings" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "login_failures" (
	"key" text PRIMARY KEY NOT NULL,
	"failures" integer NOT NULL,
	"last_failure_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "one_time_tokens" ADD COLUMN "credentials_version" integer;--> statement-breakpoint
-- Stored tokens are now HMACs under the server secret (issue 11): sessions hashed the old way can never
-- match again, so they go, and every user signs in once more.
DELETE FROM "sessions";--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "credentials_version" integer NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "bet_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "credentials_version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
UPDATE "users" SET "bet_count" = (SELECT count(*) FROM "bets" WHERE "bets"."user_id" = "users"."id");
