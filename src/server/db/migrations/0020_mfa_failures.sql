CREATE TABLE "mfa_failures" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "mfa_failures" ADD CONSTRAINT "mfa_failures_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "mfa_failures_user_idx" ON "mfa_failures" USING btree ("user_id","at");--> statement-breakpoint
CREATE INDEX "mfa_failures_at_idx" ON "mfa_failures" USING btree ("at");