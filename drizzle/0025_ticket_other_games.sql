ALTER TABLE "bets" ADD COLUMN "other_game_ids" integer[];--> statement-breakpoint
-- hand-written: the tickets stored so far take the games of their legs besides their first leg's (decision 063).
UPDATE "bets" SET "other_game_ids" = (
  SELECT array_agg(DISTINCT l."game_id" ORDER BY l."game_id") FROM "bet_legs" l
  WHERE l."bet_id" = "bets"."id" AND l."game_id" <> "bets"."game_id")
WHERE "ticket_kind" <> 'single';
