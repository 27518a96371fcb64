CREATE TABLE "sportsbook_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"sportsbook" text NOT NULL,
	"status" text NOT NULL,
	"partner_account_id" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "synced_bets" (
	"user_id" integer NOT NULL,
	"external_id" text NOT NULL,
	"bet_id" integer NOT NULL,
	"fingerprint" text NOT NULL,
	"synced_at" timestamp with time zone NOT NULL,
	CONSTRAINT "synced_bets_user_id_external_id_pk" PRIMARY KEY("user_id","external_id")
);
--> statement-breakpoint
ALTER TABLE "sportsbook_connections" ADD CONSTRAINT "sportsbook_connections_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synced_bets" ADD CONSTRAINT "synced_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "synced_bets" ADD CONSTRAINT "synced_bets_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "sportsbook_connections_user_book" ON "sportsbook_connections" USING btree ("user_id","sportsbook");--> statement-breakpoint
CREATE INDEX "synced_bets_bet" ON "synced_bets" USING btree ("bet_id");