ALTER TABLE "users" ADD COLUMN "subscription_ends_at" timestamp with time zone;--> statement-breakpoint
-- hand-written: issue 23, de-identify what account deletions before this migration left behind: the import keys of bets no longer tied to anyone (a hash over the former user id), and placeholder games whose provider_id starts with the id of an account that is gone.
UPDATE "bets" SET "import_key" = NULL WHERE "user_id" IS NULL AND "import_key" IS NOT NULL;--> statement-breakpoint
UPDATE "games" SET "provider_id" = 'deleted:' || "id"
WHERE "provider" = 'unlinked'
  AND "provider_id" ~ '^[0-9]+:'
  AND NOT EXISTS (SELECT 1 FROM "users" WHERE "users"."id"::text = split_part("games"."provider_id", ':', 1));
