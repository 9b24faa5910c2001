CREATE TABLE "bill_payments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"bill_id" uuid NOT NULL,
	"due_date" date NOT NULL,
	"transaction_id" uuid NOT NULL,
	"split_id" uuid,
	"amount" bigint NOT NULL,
	"kind" text DEFAULT 'auto' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bill_payments_kind_check" CHECK ("bill_payments"."kind" in ('auto', 'manual', 'paid', 'declined')),
	CONSTRAINT "bill_payments_amount_check" CHECK ("bill_payments"."amount" >= 0)
);
--> statement-breakpoint
CREATE TABLE "planned_incomes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"payee" text DEFAULT '' NOT NULL,
	"amount" bigint NOT NULL,
	"schedule" text DEFAULT 'monthly' NOT NULL,
	"next_date" date NOT NULL,
	"second_day" integer,
	"account_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "planned_incomes_schedule_check" CHECK ("planned_incomes"."schedule" in ('weekly', 'biweekly', 'semimonthly', 'monthly', 'irregular')),
	CONSTRAINT "planned_incomes_amount_check" CHECK ("planned_incomes"."amount" > 0),
	CONSTRAINT "planned_incomes_second_day_check" CHECK ("planned_incomes"."second_day" is null or "planned_incomes"."second_day" between 1 and 31)
);
--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "payee" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "bills" ADD COLUMN "tolerance_percent" integer DEFAULT 5 NOT NULL;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_bill_id_bills_id_fk" FOREIGN KEY ("bill_id") REFERENCES "public"."bills"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bill_payments" ADD CONSTRAINT "bill_payments_split_id_transaction_splits_id_fk" FOREIGN KEY ("split_id") REFERENCES "public"."transaction_splits"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_incomes" ADD CONSTRAINT "planned_incomes_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_incomes" ADD CONSTRAINT "planned_incomes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "planned_incomes" ADD CONSTRAINT "planned_incomes_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bill_payments_bill_idx" ON "bill_payments" USING btree ("bill_id","due_date");--> statement-breakpoint
CREATE INDEX "bill_payments_household_idx" ON "bill_payments" USING btree ("household_id","due_date");--> statement-breakpoint
CREATE UNIQUE INDEX "bill_payments_payment_idx" ON "bill_payments" USING btree ("transaction_id",coalesce("split_id", '00000000-0000-0000-0000-000000000000'::uuid)) WHERE "bill_payments"."kind" <> 'declined';--> statement-breakpoint
CREATE INDEX "planned_incomes_household_idx" ON "planned_incomes" USING btree ("household_id");--> statement-breakpoint
ALTER TABLE "bills" ADD CONSTRAINT "bills_tolerance_check" CHECK ("bills"."tolerance_percent" between 0 and 100);--> statement-breakpoint
-- Backfill (ADR 0045): every payment made with "Pay" before bill_payments existed (a transaction
-- with bill_id) settles the bill's due date nearest its date, as a 'paid' link. The schedule is
-- the bill's: weekly/biweekly steps from its next due date, monthly/quarterly/yearly steps of
-- months on its anchor day (clamped to short months), a one-off its one date.
INSERT INTO "bill_payments" ("household_id", "bill_id", "due_date", "transaction_id", "amount", "kind")
SELECT t."household_id", t."bill_id", best.due, t."id", abs(t."amount"), 'paid'
FROM "transactions" t
JOIN "bills" b ON b."id" = t."bill_id" AND b."household_id" = t."household_id"
CROSS JOIN LATERAL (
	SELECT c.due FROM (
		SELECT CASE
			WHEN b."recurrence" IN ('weekly', 'biweekly') THEN
				b."next_due_date" + ((round((t."date" - b."next_due_date")::numeric / st.days) + k.k) * st.days)::int
			WHEN b."recurrence" IN ('monthly', 'quarterly', 'yearly') THEN
				m.start + (least(b."anchor_day", extract(day from (m.start + interval '1 month' - interval '1 day'))::int) - 1)
			ELSE b."next_due_date"
		END AS due
		FROM generate_series(-1, 1) AS k(k)
		CROSS JOIN LATERAL (SELECT CASE b."recurrence" WHEN 'biweekly' THEN 14 ELSE 7 END AS days,
			CASE b."recurrence" WHEN 'quarterly' THEN 3 WHEN 'yearly' THEN 12 ELSE 1 END AS months) st
		CROSS JOIN LATERAL (SELECT (date_trunc('month', b."next_due_date") + make_interval(months => ((floor(
			((extract(year from t."date") * 12 + extract(month from t."date"))
			- (extract(year from b."next_due_date") * 12 + extract(month from b."next_due_date")))::numeric / st.months) + k.k) * st.months)::int))::date AS start) m
	) c
	ORDER BY abs(c.due - t."date"), c.due
	LIMIT 1
) best
WHERE t."bill_id" IS NOT NULL
ON CONFLICT DO NOTHING;
