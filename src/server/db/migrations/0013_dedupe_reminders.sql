-- One event, one reminder, for reminders stored before the rule: the Automation
-- Center's alerts were keyed 'automation:<automation id>:<event key>' beside the reminder job's
-- '<event key>', and the demo household had two unkeyed copies of generated reminders.
-- 1. An automation's copy of an event goes where the member has the event's own reminder.
DELETE FROM "reminders" r
WHERE r."source_key" ~ '^automation:[^:]+:(bill|budget):'
  AND EXISTS (
    SELECT 1 FROM "reminders" j
    WHERE j."user_id" = r."user_id"
      AND j."source_key" = regexp_replace(r."source_key", '^automation:[^:]+:', '')
  );
--> statement-breakpoint
-- 2. Of the copies two automations made of one event, the earliest stays ...
DELETE FROM "reminders" r
WHERE r."source_key" ~ '^automation:[^:]+:(bill|budget):'
  AND EXISTS (
    SELECT 1 FROM "reminders" o
    WHERE o."user_id" = r."user_id"
      AND o."source_key" ~ '^automation:[^:]+:(bill|budget):'
      AND regexp_replace(o."source_key", '^automation:[^:]+:', '') = regexp_replace(r."source_key", '^automation:[^:]+:', '')
      AND (o."created_at", o."id") < (r."created_at", r."id")
  );
--> statement-breakpoint
-- ... and takes the event's key, so the reminder job and paying the bill find it.
UPDATE "reminders"
SET "source_key" = regexp_replace("source_key", '^automation:[^:]+:', '')
WHERE "source_key" ~ '^automation:[^:]+:(bill|budget):';
--> statement-breakpoint
-- 3. A budget has one alert at a time: the 100 % one retires the 80 % one of the same month.
DELETE FROM "reminders" r
WHERE r."source_key" ~ '^budget:[^:]+:[0-9-]+:80$'
  AND EXISTS (
    SELECT 1 FROM "reminders" h
    WHERE h."user_id" = r."user_id"
      AND h."source_key" = regexp_replace(r."source_key", ':80$', ':100')
  );
--> statement-breakpoint
-- 4. The demo household's two unkeyed copies (the reminder job makes the keyed ones).
DELETE FROM "reminders"
WHERE "source_key" IS NULL
  AND (
    ("type" = 'bill_due' AND "title" = 'Internet bill due tomorrow' AND "description" = 'FiberNet: $65.00 from Everyday Checking.')
    OR ("type" = 'budget_limit' AND "title" = 'Dining Out budget at 80%' AND "description" = 'You have used most of this month’s dining budget.')
  );
