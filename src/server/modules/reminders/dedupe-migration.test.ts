// Migration 0013 (one event, one reminder, for reminders stored before the rule): run on rows
// as the old Automation Center, reminder job and demo household left them, it keeps one
// reminder per member and event under the event's own key, one alert per budget and month,
// and nothing else changes.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { reminders } from '#src/server/db/schema'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
let a: Client
let b: Client
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
  a = await signUp(t.app)
  b = await signUp(t.app)
})
afterAll(async () => {
  await t.close()
})

const MIGRATION = path.resolve(import.meta.dirname, '../../db/migrations/0013_dedupe_reminders.sql')

async function runMigration(): Promise<void> {
  const statements = readFileSync(MIGRATION, 'utf8').split('--> statement-breakpoint')
  for (const statement of statements) await t.database.db.execute(sql.raw(statement))
}

const BILL = 'bill:11111111-1111-4111-8111-111111111111:2026-03-16'
const OTHER_BILL = 'bill:22222222-2222-4222-8222-222222222222:2026-03-20'
const BUDGET = 'budget:33333333-3333-4333-8333-333333333333:2026-03-01'
const AUTO_1 = 'automation:44444444-4444-4444-8444-444444444444'
const AUTO_2 = 'automation:55555555-5555-4555-8555-555555555555'

type Seed = { title: string; sourceKey: string | null; type?: string; description?: string; createdAt?: Date }

async function seed(client: Client, rows: Seed[]): Promise<void> {
  const me = (await client.get('/api/auth/user')).json() as { id: string; householdId: string }
  await t.database.db.insert(reminders).values(
    rows.map((r) => ({
      householdId: me.householdId,
      userId: me.id,
      title: r.title,
      description: r.description ?? '',
      type: r.type ?? 'other',
      sourceKey: r.sourceKey,
      createdAt: r.createdAt ?? new Date('2026-03-10T08:00:00Z'),
    })),
  )
}

async function keysOf(client: Client): Promise<string[]> {
  const rows = await t.database.db.execute<{ key: string }>(
    sql`select coalesce(source_key, '(none) ' || title) as key from reminders where user_id = ${client.user.id} order by 1`,
  )
  return rows.rows.map((r) => r.key)
}

describe('migration 0013: one reminder per event in stored data', () => {
  it('keeps one reminder per member and event under its own key, and one alert per budget and month', async () => {
    await seed(a, [
      // the job's reminder and an automation's copy of the same bill: the copy goes
      { title: 'Internet due Mon, Mar 16', sourceKey: BILL, type: 'bill_due' },
      { title: 'Internet due tomorrow', sourceKey: `${AUTO_1}:${BILL}`, type: 'bill_due' },
      // two automations' copies of a bill the job has not reminded of: the earlier stays, re-keyed
      { title: 'Gym due (early)', sourceKey: `${AUTO_2}:${OTHER_BILL}`, createdAt: new Date('2026-03-09T08:00:00Z') },
      { title: 'Gym due (late)', sourceKey: `${AUTO_1}:${OTHER_BILL}` },
      // a budget's 80 % and 100 % alerts (one from an automation): the 100 % one stays, re-keyed
      { title: 'Dining at 80%', sourceKey: `${BUDGET}:80`, type: 'budget_limit' },
      { title: 'Dining reached', sourceKey: `${AUTO_1}:${BUDGET}:100`, type: 'budget_limit' },
      // the demo household's unkeyed copies go; a member's own reminder with a title alike stays
      {
        title: 'Internet bill due tomorrow',
        sourceKey: null,
        type: 'bill_due',
        description: 'FiberNet: $65.00 from Everyday Checking.',
      },
      {
        title: 'Dining Out budget at 80%',
        sourceKey: null,
        type: 'budget_limit',
        description: 'You have used most of this month’s dining budget.',
      },
      { title: 'Internet bill due tomorrow', sourceKey: null, type: 'other', description: 'call them' },
      // an automation's own alert (not an event the job knows) keeps its key
      { title: 'Big expense', sourceKey: `${AUTO_1}:expense:abc` },
    ])
    // another member with an automation's copy of the same bill and no job reminder: re-keyed, kept
    await seed(b, [{ title: 'Internet due tomorrow', sourceKey: `${AUTO_1}:${BILL}`, type: 'bill_due' }])

    await runMigration()

    expect(await keysOf(a)).toEqual(
      [
        '(none) Internet bill due tomorrow',
        `${AUTO_1}:expense:abc`,
        BILL,
        OTHER_BILL,
        `${BUDGET}:100`,
      ].sort(),
    )
    const titles = await t.database.db.execute<{ title: string }>(
      sql`select title from reminders where user_id = ${a.user.id} and source_key in (${BILL}, ${OTHER_BILL}, ${`${BUDGET}:100`}) order by title`,
    )
    expect(titles.rows.map((r) => r.title)).toEqual(['Dining reached', 'Gym due (early)', 'Internet due Mon, Mar 16'])
    expect(await keysOf(b)).toEqual([BILL])

    // run again (a restored old backup goes through it once more): nothing changes
    await runMigration()
    expect(await keysOf(a)).toHaveLength(5)
    expect(await keysOf(b)).toEqual([BILL])
  })
})
