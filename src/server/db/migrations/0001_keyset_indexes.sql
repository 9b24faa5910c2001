DROP INDEX "transactions_household_date_idx";--> statement-breakpoint
DROP INDEX "transactions_account_date_idx";--> statement-breakpoint
CREATE INDEX "transactions_household_date_idx" ON "transactions" USING btree ("household_id","date","id");--> statement-breakpoint
CREATE INDEX "transactions_account_date_idx" ON "transactions" USING btree ("account_id","date","id");