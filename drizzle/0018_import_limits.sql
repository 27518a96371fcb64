CREATE TABLE "feed_days" (
	"provider" text NOT NULL,
	"day" text NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	CONSTRAINT "feed_days_provider_day_pk" PRIMARY KEY("provider","day")
);
--> statement-breakpoint
-- hand-written: saved mappings are keyed by the SHA-256 of their header's signature (issue 23), and a user keeps the 50 most recent.
UPDATE "import_mappings" SET "header_signature" = encode(sha256(convert_to("header_signature", 'UTF8')), 'hex');--> statement-breakpoint
DELETE FROM "import_mappings" WHERE "id" IN (SELECT "id" FROM (SELECT "id", row_number() OVER (PARTITION BY "user_id" ORDER BY "updated_at" DESC, "id" DESC) AS "rank" FROM "import_mappings") AS "ranked" WHERE "rank" > 50);
