CREATE TABLE "insight_jobs" (
	"household_id" uuid PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'idle' NOT NULL,
	"requested_at" timestamp with time zone,
	"time_zone" text DEFAULT 'UTC' NOT NULL,
	"run_id" uuid,
	"claimed_by" text,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "insight_jobs_status_check" CHECK ("insight_jobs"."status" in ('idle', 'queued', 'running', 'done', 'failed'))
);
--> statement-breakpoint
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
ALTER TABLE "insight_jobs" ADD CONSTRAINT "insight_jobs_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_changes" ADD CONSTRAINT "transaction_changes_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insight_jobs_queued_idx" ON "insight_jobs" USING btree ("status") WHERE "insight_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE INDEX "transaction_changes_household_idx" ON "transaction_changes" USING btree ("household_id","at");