// Writes the bench's planned investments (bench/lib/investments-plan.ts) straight into the
// schema's tables of an already seeded household's investment account ("Brokerage"), then
// revalues it once with the server's own `revalueAccounts`. Run by bench/sections/investments.ts
// as a child process (an embedded data directory is open in one process at a time):
//
//   KINWISE_DATA_DIR=… (or DATABASE_URL=…) tsx bench/lib/investments-seed.ts --email E
import { and, eq, sql } from 'drizzle-orm'
import { parseArgs } from 'node:util'
import type { IsoDate } from '../../src/domain/dates'
import { openDatabase, type Db } from '../../src/server/db/connect'
import {
  accounts,
  householdMembers,
  investmentActivities,
  securities,
  securityPrices,
  users,
} from '../../src/server/db/schema'
import { revalueAccounts } from '../../src/server/modules/investments/revalue'
import { planInvestments, type InvestmentPlanOptions } from './investments-plan'

export type InvestmentSeedResult = {
  accountId: string
  securities: number
  activities: number
  prices: number
  firstDate: IsoDate
  /** a symbol held at the end, for the write timings */
  heldSymbol: string
  insertSeconds: number
  revalueSeconds: number
}

/** Writes the plan into the household's "Brokerage" account and revalues it once. */
export async function seedInvestments(
  db: Db,
  email: string,
  options: InvestmentPlanOptions,
): Promise<InvestmentSeedResult> {
  const [owner] = await db
    .select({ id: users.id, householdId: householdMembers.householdId })
    .from(users)
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
    .limit(1)
  if (!owner) throw new Error(`no user ${email}`)
  const { householdId } = owner
  const [account] = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.householdId, householdId), eq(accounts.type, 'investment')))
    .limit(1)
  if (!account) throw new Error('the household has no investment account')

  const plan = planInvestments(options)
  const began = performance.now()
  const ids = new Map<string, string>()
  await db.transaction(async (tx) => {
    const rows = await tx
      .insert(securities)
      .values(
        plan.securities.map((s) => ({ householdId, symbol: s.symbol, name: s.name, kind: s.kind })),
      )
      .returning({ id: securities.id, symbol: securities.symbol })
    for (const r of rows) ids.set(r.symbol, r.id)
    const idOf = (symbol: string) => {
      const found = ids.get(symbol)
      if (!found) throw new Error(`no security ${symbol}`)
      return found
    }
    for (let at = 0; at < plan.prices.length; at += 5000) {
      await tx.insert(securityPrices).values(
        plan.prices.slice(at, at + 5000).map((p) => ({
          securityId: idOf(p.symbol),
          householdId,
          date: p.date,
          price: p.price,
          source: 'provider',
        })),
      )
    }
    for (let at = 0; at < plan.activities.length; at += 2000) {
      await tx.insert(investmentActivities).values(
        plan.activities.slice(at, at + 2000).map((a) => ({
          householdId,
          accountId: account.id,
          securityId: a.symbol === null ? null : idOf(a.symbol),
          userId: owner.id,
          type: a.type,
          date: a.date,
          quantity: a.quantity,
          price: a.price,
          amount: a.amount,
          fees: a.fees,
          ratio: a.ratio,
        })),
      )
    }
  })
  const inserted = performance.now()
  await revalueAccounts(db, householdId, [account.id])
  const revalued = performance.now()
  const heldSymbol =
    [...plan.held].filter(([, q]) => q > 0).sort((a, b) => b[1] - a[1])[0]?.[0] ??
    plan.securities[0]?.symbol ??
    ''
  return {
    accountId: account.id,
    securities: plan.securities.length,
    activities: plan.activities.length,
    prices: plan.prices.length,
    firstDate: plan.activities[0]?.date ?? options.today,
    heldSymbol,
    insertSeconds: (inserted - began) / 1000,
    revalueSeconds: (revalued - inserted) / 1000,
  }
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      email: { type: 'string' },
      securities: { type: 'string', default: '50' },
      activities: { type: 'string', default: '10000' },
      years: { type: 'string', default: '20' },
      prices: { type: 'string', default: 'day' },
    },
  })
  if (!values.email) throw new Error('--email is required')
  const url = process.env.DATABASE_URL
  const dataDir = process.env.KINWISE_DATA_DIR
  if (!url && !dataDir) throw new Error('set DATABASE_URL or KINWISE_DATA_DIR')
  const database = await openDatabase(
    url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: dataDir ?? null },
  )
  try {
    const result = await seedInvestments(database.db, values.email, {
      securities: Number(values.securities),
      activities: Number(values.activities),
      years: Number(values.years),
      priceEvery: values.prices === 'week' ? 'week' : 'day',
      today: new Date().toISOString().slice(0, 10),
    })
    process.stdout.write(`${JSON.stringify(result)}\n`)
  } finally {
    await database.close()
  }
}

if (process.argv[1] && import.meta.filename === process.argv[1]) {
  main().catch((error: unknown) => {
    process.stderr.write(
      `${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
    )
    process.exit(1)
  })
}
