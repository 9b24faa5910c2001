CREATE TABLE "allocation_targets" (
	"household_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"percent" integer NOT NULL,
	CONSTRAINT "allocation_targets_household_id_kind_pk" PRIMARY KEY("household_id","kind"),
	CONSTRAINT "allocation_targets_percent_check" CHECK ("allocation_targets"."percent" between 0 and 100)
);
--> statement-breakpoint
CREATE TABLE "exchange_rates" (
	"household_id" uuid NOT NULL,
	"currency" text NOT NULL,
	"quote" text NOT NULL,
	"date" date NOT NULL,
	"rate" double precision NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchange_rates_household_id_currency_quote_date_pk" PRIMARY KEY("household_id","currency","quote","date"),
	CONSTRAINT "exchange_rates_rate_check" CHECK ("exchange_rates"."rate" > 0),
	CONSTRAINT "exchange_rates_source_check" CHECK ("exchange_rates"."source" in ('manual', 'csv', 'provider'))
);
--> statement-breakpoint
CREATE TABLE "investment_activities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"security_id" uuid,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"date" date NOT NULL,
	"quantity" bigint,
	"price" bigint,
	"amount" bigint,
	"fees" bigint DEFAULT 0 NOT NULL,
	"ratio" double precision,
	"cost_basis" bigint,
	"memo" text DEFAULT '' NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"external_id" text,
	"import_batch_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "investment_activities_type_check" CHECK ("investment_activities"."type" in ('buy', 'sell', 'dividend', 'interest', 'fee', 'split', 'transfer_in', 'transfer_out')),
	CONSTRAINT "investment_activities_source_check" CHECK ("investment_activities"."source" in ('manual', 'import'))
);
--> statement-breakpoint
CREATE TABLE "investment_month_values" (
	"account_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"month" date NOT NULL,
	"value" bigint,
	CONSTRAINT "investment_month_values_account_id_month_pk" PRIMARY KEY("account_id","month")
);
--> statement-breakpoint
CREATE TABLE "securities" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"symbol" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"kind" text DEFAULT 'stock' NOT NULL,
	"currency" text DEFAULT 'USD' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "securities_kind_check" CHECK ("securities"."kind" in ('stock', 'etf', 'fund', 'bond', 'crypto', 'cash', 'other'))
);
--> statement-breakpoint
CREATE TABLE "security_prices" (
	"security_id" uuid NOT NULL,
	"household_id" uuid NOT NULL,
	"date" date NOT NULL,
	"price" bigint NOT NULL,
	"source" text DEFAULT 'manual' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "security_prices_security_id_date_pk" PRIMARY KEY("security_id","date"),
	CONSTRAINT "security_prices_source_check" CHECK ("security_prices"."source" in ('manual', 'csv', 'statement', 'provider')),
	CONSTRAINT "security_prices_price_check" CHECK ("security_prices"."price" >= 0)
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "cost_method" text DEFAULT 'fifo' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "investment_value" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "base_currency" text DEFAULT 'USD' NOT NULL;--> statement-breakpoint
ALTER TABLE "allocation_targets" ADD CONSTRAINT "allocation_targets_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchange_rates" ADD CONSTRAINT "exchange_rates_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_activities" ADD CONSTRAINT "investment_activities_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_activities" ADD CONSTRAINT "investment_activities_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_activities" ADD CONSTRAINT "investment_activities_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_month_values" ADD CONSTRAINT "investment_month_values_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "investment_month_values" ADD CONSTRAINT "investment_month_values_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "securities" ADD CONSTRAINT "securities_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_prices" ADD CONSTRAINT "security_prices_security_id_securities_id_fk" FOREIGN KEY ("security_id") REFERENCES "public"."securities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "security_prices" ADD CONSTRAINT "security_prices_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "investment_activities_account_idx" ON "investment_activities" USING btree ("account_id","date");--> statement-breakpoint
CREATE INDEX "investment_activities_security_idx" ON "investment_activities" USING btree ("security_id");--> statement-breakpoint
CREATE UNIQUE INDEX "investment_activities_external_idx" ON "investment_activities" USING btree ("account_id","external_id") WHERE "investment_activities"."external_id" is not null;--> statement-breakpoint
CREATE INDEX "investment_month_values_household_idx" ON "investment_month_values" USING btree ("household_id","month");--> statement-breakpoint
CREATE UNIQUE INDEX "securities_symbol_idx" ON "securities" USING btree ("household_id","symbol");--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_cost_method_check" CHECK ("accounts"."cost_method" in ('fifo', 'average'));--> statement-breakpoint
UPDATE "households" h SET "base_currency" = u."base_currency" FROM "household_members" m JOIN "users" u ON u."id" = m."user_id" WHERE m."household_id" = h."id" AND m."role" = 'owner';
