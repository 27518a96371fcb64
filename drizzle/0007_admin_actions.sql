CREATE TABLE "admin_actions" (
	"id" serial PRIMARY KEY NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"admin_id" integer NOT NULL,
	"action" text NOT NULL,
	"target_id" integer NOT NULL,
	"reason" text NOT NULL,
	"until" timestamp with time zone
);
--> statement-breakpoint
CREATE INDEX "admin_actions_at" ON "admin_actions" USING btree ("at","id");