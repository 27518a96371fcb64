ALTER TABLE "bet_legs" DROP CONSTRAINT "bet_legs_one_event";--> statement-breakpoint
ALTER TABLE "bet_legs" ALTER COLUMN "game_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_legs" DROP COLUMN "event_name";--> statement-breakpoint
ALTER TABLE "bet_legs" DROP COLUMN "event_league";--> statement-breakpoint
ALTER TABLE "bet_legs" DROP COLUMN "event_start";