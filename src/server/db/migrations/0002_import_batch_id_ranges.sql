ALTER TABLE "import_batches" ADD COLUMN "first_transaction_id" uuid;--> statement-breakpoint
ALTER TABLE "import_batches" ADD COLUMN "last_transaction_id" uuid;--> statement-breakpoint
UPDATE "import_batches" AS b SET
  "first_transaction_id" = (SELECT t."id" FROM "transactions" AS t WHERE t."import_batch_id" = b."id" ORDER BY t."id" LIMIT 1),
  "last_transaction_id" = (SELECT t."id" FROM "transactions" AS t WHERE t."import_batch_id" = b."id" ORDER BY t."id" DESC LIMIT 1);--> statement-breakpoint
DROP INDEX "transactions_import_batch_idx";
