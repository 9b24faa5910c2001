CREATE TABLE "transaction_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"household_id" uuid NOT NULL,
	"transaction_id" uuid NOT NULL,
	"account_id" uuid NOT NULL,
	"change" text NOT NULL,
	"data" jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "transaction_changes_change_check" CHECK ("transaction_changes"."change" in ('updated', 'deleted'))
);
--> statement-breakpoint
ALTER TABLE "transaction_changes" ADD CONSTRAINT "transaction_changes_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "transaction_changes_household_idx" ON "transaction_changes" USING btree ("household_id","at");