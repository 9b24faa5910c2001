// Section 13: the AI Advisor's deterministic answers, in-process on an embedded
// database seeded with the project's seeder (one household of N transactions, on a plan that
// has the advisor): each common question answered and stored as the API's use case does it
// (service.ask without a model: parse, run the tool over the services, keep the conversation),
// 20 times after a warm-up. Target: ≤ 100 ms an answer (p99).
import { openDatabase } from '../../src/server/db/connect'
import { seedHousehold } from '../../src/server/demo/demo'
import { loadSessionUser } from '../../src/server/core/sessions'
import { ask, type AdvisorDeps } from '../../src/server/modules/advisor/service'
import { setPlanByEmail } from '../../src/server/modules/subscription/plan'
import { row, type Row } from '../lib/report'
import { median, percentile } from '../lib/stats'

export const ADVISOR_TARGET_MS = 100

export const ADVISOR_QUESTIONS = [
  'How much did I spend on groceries last month?',
  'What were my biggest expenses this year?',
  'Can I afford a $500 TV?',
  'When will I reach my goals?',
  'What bills are due this week?',
  'What is my net worth?',
  'Tell me a joke',
] as const

const RUNS = 20
const EMAIL = 'advisor-bench@example.com'

export async function advisorSection(say: (line: string) => void, options: { transactions: number }): Promise<Row[]> {
  const database = await openDatabase({ kind: 'pglite', dataDir: null })
  try {
    const now = new Date()
    const seeded = await seedHousehold(database.db, now, { email: EMAIL, password: 'advisor bench 2026', transactions: options.transactions })
    await setPlanByEmail(database.db, EMAIL, 'premium', now)
    const user = await loadSessionUser(database.db, seeded.userId, now)
    const quiet = () => undefined
    const deps: AdvisorDeps = { db: database.db, llm: null, llmHost: null, log: { info: quiet, warn: quiet, error: quiet } }
    const rows: Row[] = []
    const all: number[] = []
    for (const question of ADVISOR_QUESTIONS) {
      await ask(deps, user, { text: question }, now)
      const times: number[] = []
      for (let i = 0; i < RUNS; i++) {
        const started = performance.now()
        await ask(deps, user, { text: question }, now)
        times.push(performance.now() - started)
      }
      all.push(...times)
      say(`    "${question}": ${median(times).toFixed(1)} / ${percentile(times, 99).toFixed(1)} ms (median / p99 of ${String(RUNS)})`)
      rows.push(
        row({
          section: '13 advisor',
          figure: `deterministic answer: "${question}"`,
          db: 'pglite',
          rows: seeded.transactions,
          median: median(times),
          p99: percentile(times, 99),
          unit: 'ms',
          extra: `${String(RUNS)} runs, in-process`,
          target: { op: '<=', value: ADVISOR_TARGET_MS },
        }),
      )
    }
    rows.push(
      row({
        section: '13 advisor',
        figure: 'deterministic answer, every common question',
        db: 'pglite',
        rows: seeded.transactions,
        median: median(all),
        p99: percentile(all, 99),
        unit: 'ms',
        extra: `${String(all.length)} answers`,
        target: { op: '<=', value: ADVISOR_TARGET_MS },
      }),
    )
    return rows
  } finally {
    await database.close()
  }
}
