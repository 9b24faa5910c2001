CREATE UNIQUE INDEX "categories_household_id_idx" ON "categories" USING btree ("household_id","id");--> statement-breakpoint
ALTER TABLE "categories" DROP CONSTRAINT "categories_parent_id_categories_id_fk";
--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_same_household_fk" FOREIGN KEY ("household_id","parent_id") REFERENCES "public"."categories"("household_id","id") ON DELETE cascade ON UPDATE no action;
