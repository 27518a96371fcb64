ALTER TABLE "users" ADD COLUMN "odds_format" text DEFAULT 'american' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "unit_size_cents" bigint;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "currency_symbol" text DEFAULT '$' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "amounts_in_units" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bet_legs" ADD COLUMN "exact_price" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "exact_price" text;