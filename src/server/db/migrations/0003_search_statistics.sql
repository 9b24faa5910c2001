-- Planner statistics for the one expression a transaction search matches (ADR 0022): without
-- them the planner guessed a common phrase rare and read every row instead of the newest page.
-- The expression must stay the same as searchText() in schema.ts.
CREATE STATISTICS IF NOT EXISTS "transactions_search_stats" ON (("merchant" || ' ' || "description" || ' ' || "notes")) FROM "transactions";--> statement-breakpoint
ANALYZE "transactions";
