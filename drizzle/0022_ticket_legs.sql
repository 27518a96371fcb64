CREATE TABLE "bet_legs" (
	"id" serial PRIMARY KEY NOT NULL,
	"bet_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"game_id" integer,
	"event_name" text,
	"event_league" text,
	"event_start" timestamp with time zone,
	"market" text,
	"selection" text NOT NULL,
	"spread_team" text,
	"spread_points" double precision,
	"total_points" double precision,
	"over_under" text,
	"odds" integer,
	"result" text,
	"hand_result_by" integer,
	"hand_result_at" timestamp with time zone,
	CONSTRAINT "bet_legs_one_event" CHECK (("bet_legs"."game_id" is null) <> ("bet_legs"."event_name" is null))
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "ticket_kind" text DEFAULT 'single' NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "void_rule" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "tie_rule" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "teaser_points" double precision;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "round_robin_sizes" integer[];--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "boost_percent" double precision;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "unboosted_odds" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "needs_review" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "hand_result_by" integer;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "hand_result_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_bet_id_bets_id_fk" FOREIGN KEY ("bet_id") REFERENCES "public"."bets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD CONSTRAINT "bet_legs_hand_result_by_users_id_fk" FOREIGN KEY ("hand_result_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "bet_legs_bet_position" ON "bet_legs" USING btree ("bet_id","position");--> statement-breakpoint
CREATE INDEX "bet_legs_game" ON "bet_legs" USING btree ("game_id");--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_hand_result_by_users_id_fk" FOREIGN KEY ("hand_result_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- hand-written: every bet so far is a single, and becomes a ticket of one leg (position 0) on its game with its terms, odds and result; decision 003's older words 'win' and 'loss' are read as the app reads them. The bet's own columns, its result and payout included, are left as they are.
INSERT INTO "bet_legs" ("bet_id", "position", "game_id", "market", "selection", "spread_team", "spread_points", "total_points", "over_under", "odds", "result")
SELECT "id", 0, "game_id", "bet_type", "selection", "spread_team", "spread_points", "total_points", "over_under", "odds",
  CASE "result" WHEN 'won' THEN 'won' WHEN 'win' THEN 'won' WHEN 'lost' THEN 'lost' WHEN 'loss' THEN 'lost' WHEN 'push' THEN 'push' END
FROM "bets" ORDER BY "id";
