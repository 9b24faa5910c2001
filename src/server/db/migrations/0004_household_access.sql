-- Households own the plan, members get roles (teen added), accounts an owner and a visibility
-- (ADR 0023). Each household takes the tier its owner had; existing accounts stay shared, as
-- everyone in a household saw them before.
CREATE TABLE "household_invites" (
	"token" text PRIMARY KEY NOT NULL,
	"household_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_by" uuid NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"used_by" uuid,
	"revoked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "household_invites_role_check" CHECK ("household_invites"."role" in ('adult', 'teen', 'viewer'))
);
--> statement-breakpoint
CREATE TABLE "stripe_events" (
	"id" text PRIMARY KEY NOT NULL,
	"type" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "household_members" DROP CONSTRAINT "household_members_role_check";--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_tier_check";--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "visibility" text DEFAULT 'shared' NOT NULL;--> statement-breakpoint
ALTER TABLE "accounts" ADD COLUMN "shared_with_teens" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "plan" text DEFAULT 'free' NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "billing_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "grace_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "stripe_customer_id" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "stripe_subscription_id" text;--> statement-breakpoint
ALTER TABLE "households" ADD COLUMN "billing_event_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "household_invites" ADD CONSTRAINT "household_invites_household_id_households_id_fk" FOREIGN KEY ("household_id") REFERENCES "public"."households"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "household_invites" ADD CONSTRAINT "household_invites_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "household_invites_household_idx" ON "household_invites" USING btree ("household_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "household_members_owner_idx" ON "household_members" USING btree ("household_id") WHERE "household_members"."role" = 'owner';--> statement-breakpoint
CREATE UNIQUE INDEX "households_stripe_customer_idx" ON "households" USING btree ("stripe_customer_id");--> statement-breakpoint
UPDATE "households" h SET "plan" = u."subscription_tier" FROM "household_members" m JOIN "users" u ON u."id" = m."user_id" WHERE m."household_id" = h."id" AND m."role" = 'owner';--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "subscription_tier";--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_visibility_check" CHECK ("accounts"."visibility" in ('shared', 'private', 'balance_only'));--> statement-breakpoint
ALTER TABLE "household_members" ADD CONSTRAINT "household_members_role_check" CHECK ("household_members"."role" in ('owner', 'adult', 'teen', 'viewer'));--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_plan_check" CHECK ("households"."plan" in ('free', 'basic', 'premium'));--> statement-breakpoint
ALTER TABLE "households" ADD CONSTRAINT "households_billing_status_check" CHECK ("households"."billing_status" in ('none', 'active', 'past_due', 'canceled'));