CREATE TABLE "import_mappings" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"name" text NOT NULL,
	"header_signature" text NOT NULL,
	"header" jsonb NOT NULL,
	"columns" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "import_key" text;--> statement-breakpoint
ALTER TABLE "bets" ADD COLUMN "result_from_file" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "import_mappings" ADD CONSTRAINT "import_mappings_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "import_mappings_user_header" ON "import_mappings" USING btree ("user_id","header_signature");--> statement-breakpoint
CREATE INDEX "import_mappings_user" ON "import_mappings" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bets_user_import_key" ON "bets" USING btree ("user_id","import_key");