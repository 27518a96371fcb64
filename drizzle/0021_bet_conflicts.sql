ALTER TABLE "bets" ADD COLUMN "score_result" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "file_result_kept" boolean DEFAULT false NOT NULL;