CREATE TABLE "login_addresses" (
	"user_id" integer NOT NULL,
	"address_id" text NOT NULL,
	"last_sign_in_at" timestamp with time zone NOT NULL,
	CONSTRAINT "login_addresses_user_id_address_id_pk" PRIMARY KEY("user_id","address_id")
);
--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "pending" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "login_failures" ADD COLUMN "pending_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "login_addresses" ADD CONSTRAINT "login_addresses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;