CREATE TABLE "bets" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"game_id" integer NOT NULL,
	"bet_type" text NOT NULL,
	"selection" text NOT NULL,
	"odds" integer NOT NULL,
	"amount_cents" bigint NOT NULL,
	"potential_win_cents" bigint NOT NULL,
	"spread_team" text,
	"spread_points" double precision,
	"total_points" double precision,
	"over_under" text,
	"sportsbook" text DEFAULT 'Manual Entry' NOT NULL,
	"bet_status" text DEFAULT 'tentative' NOT NULL,
	"result" text,
	"payout_cents" bigint,
	"settled_at" timestamp with time zone,
	"placed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"provider_id" text NOT NULL,
	"league" text NOT NULL,
	"league_alias" text NOT NULL,
	"status" text NOT NULL,
	"status_detail" text,
	"game_time" text,
	"period" integer,
	"start_time" timestamp with time zone NOT NULL,
	"home_team" text NOT NULL,
	"away_team" text NOT NULL,
	"home_abbreviation" text,
	"away_abbreviation" text,
	"home_score" integer,
	"away_score" integer,
	"baseball" jsonb,
	"football" jsonb,
	"lines" jsonb,
	"version" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bets" ADD CONSTRAINT "bets_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bets_user_game" ON "bets" USING btree ("user_id","game_id");--> statement-breakpoint
CREATE INDEX "bets_game_status" ON "bets" USING btree ("game_id","bet_status");--> statement-breakpoint
CREATE UNIQUE INDEX "games_provider_id" ON "games" USING btree ("provider","provider_id");--> statement-breakpoint
CREATE INDEX "games_start" ON "games" USING btree ("start_time");--> statement-breakpoint
CREATE INDEX "games_status" ON "games" USING btree ("status");