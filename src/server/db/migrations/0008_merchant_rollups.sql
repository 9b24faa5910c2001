CREATE TABLE "merchant_rollups" (
	"household_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"merchant" text NOT NULL,
	"month" date NOT NULL,
	"spent" bigint DEFAULT 0 NOT NULL,
	"count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "merchant_rollups_key" UNIQUE("household_id","account_id","merchant","month")
);
--> statement-breakpoint
ALTER TABLE "merchant_rollups" ADD CONSTRAINT "merchant_rollups_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "merchant_rollups" ADD CONSTRAINT "merchant_rollups_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "merchant_rollups_month_idx" ON "merchant_rollups" USING btree ("household_id","month");--> statement-breakpoint
INSERT INTO "merchant_rollups" ("household_id", "account_id", "merchant", "month", "spent", "count")
SELECT x."household_id", x."account_id", x."merchant", x."month", sum(x."spent"), count(*)
FROM (
  SELECT t."household_id", t."account_id", t."merchant", date_trunc('month', t."date")::date AS "month",
    CASE WHEN t."is_split"
      THEN coalesce((SELECT sum(-s."amount") FROM "transaction_splits" s WHERE s."transaction_id" = t."id" AND s."amount" < 0), 0)
      ELSE -t."amount" END AS "spent"
  FROM "transactions" t
  WHERE t."kind" = 'standard' AND (t."amount" < 0 OR t."is_split")
) x
WHERE x."spent" > 0
GROUP BY 1, 2, 3, 4;
