CREATE TABLE "data_exports" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"former_user_id" integer NOT NULL,
	"archive" "bytea" NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" DROP CONSTRAINT "bets_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "support_requests" DROP CONSTRAINT "support_requests_user_id_users_id_fk";
--> statement-breakpoint
ALTER TABLE "bets" ALTER COLUMN "user_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "inactivity_notices" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "data_exports_token" ON "data_exports" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "data_exports_expiry" ON "data_exports" USING btree ("expires_at");--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;