ALTER TABLE "admin_actions" ALTER COLUMN "admin_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN "admin_username" text;--> statement-breakpoint
ALTER TABLE "admin_actions" ADD COLUMN "target_username" text;--> statement-breakpoint
-- hand-written: entries written before the snapshot columns take the names of the accounts that still exist
UPDATE "admin_actions" SET "admin_username" = "users"."username" FROM "users" WHERE "users"."id" = "admin_actions"."admin_id";--> statement-breakpoint
UPDATE "admin_actions" SET "target_username" = "users"."username" FROM "users" WHERE "users"."id" = "admin_actions"."target_id";
