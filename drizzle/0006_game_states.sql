CREATE TABLE "game_states" (
	"game_id" integer NOT NULL,
	"version" integer NOT NULL,
	"seen_at" timestamp with time zone NOT NULL,
	"status" text NOT NULL,
	"game_time" text,
	"period" integer,
	"home_score" integer,
	"away_score" integer,
	"baseball" jsonb,
	"lines" jsonb,
	CONSTRAINT "game_states_game_id_version_pk" PRIMARY KEY("game_id","version")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "lines_seen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "game_states" ADD CONSTRAINT "game_states_game_id_games_id_fk" FOREIGN KEY ("game_id") REFERENCES "public"."games"("id") ON DELETE cascade ON UPDATE no action;