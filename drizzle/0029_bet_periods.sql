ALTER TABLE "bet_legs" ADD COLUMN "period" text DEFAULT 'FT' NOT NULL;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "period" text DEFAULT 'FT' NOT NULL;