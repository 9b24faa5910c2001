CREATE TABLE "investment_day_values" (
	"account_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"date" date NOT NULL,
	"cash" bigint NOT NULL,
	"market_value" bigint,
	"flow" bigint,
	"missing" text[] DEFAULT '{}'::text[] NOT NULL,
	CONSTRAINT "investment_day_values_account_id_date_pk" PRIMARY KEY("account_id","date")
);
--> statement-breakpoint
CREATE TABLE "investment_positions" (
	"account_id" uuid PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"portfolio" jsonb NOT NULL,
	"securities" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "investment_day_values" ADD CONSTRAINT "investment_day_values_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_day_values" ADD CONSTRAINT "investment_day_values_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_positions" ADD CONSTRAINT "investment_positions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_positions" ADD CONSTRAINT "investment_positions_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;