// Investment use cases for securities, prices (typed in, CSV), allocation targets and an
// account's cost method. Each write and the revaluation it causes run in one transaction: an
// impossible history is refused and nothing changes. Activities are in activities.ts, what a
// member may use in access.ts, the queries in repo.ts.
import type { z } from 'zod'
import type { importPricesResult, investmentAccount, pricePoint, putPriceBody, security as securitySchema, target, updateSecurityBody } from '#src/contract/investments'
import type { IsoDate } from '#src/domain/dates'
import { checkTargets, type AssetKind } from '#src/domain/investments/allocation'
import { fromPrice, InvestmentError, toPrice, type Price } from '#src/domain/investments/lots'
import { asCents } from '#src/domain/money'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { invalidField, notFound } from '#src/server/http/errors'
import { memberScope, type MemberScope } from '#src/server/core/scope'
import { investmentAccountOf, revalueOrRefuse, visibleInvestmentAccounts, type Member } from './access'
import { householdBaseCurrency, loadBooks } from './book'
import { parsePriceCsv } from './price-csv'
import {
  accountsHolding,
  ensureSecurity,
  getTargets,
  latestTablePrices,
  listPriceRows,
  replaceTargets,
  securitiesWithUses,
  setAccountCostMethod,
  updateSecurityRow,
  upsertManualPrice,
  upsertPrices,
  type SecurityRow,
} from './repo'
import { currentValue } from './revalue'

export { getTargets } from './repo'

type SecurityDto = z.output<typeof securitySchema>
type PriceDto = z.output<typeof pricePoint>
type AccountDto = z.output<typeof investmentAccount>
type Target = z.output<typeof target>

// ---- securities ----

/** Securities the member may know of: those with activities in an account they see whole, or none at all. */
async function visibleSecurities(db: DbOrTx, scope: MemberScope): Promise<SecurityRow[]> {
  const { rows, uses } = await securitiesWithUses(db, scope.householdId)
  const usedBy = new Map<string, string[]>()
  for (const u of uses) {
    if (!u.securityId) continue
    const list = usedBy.get(u.securityId) ?? []
    list.push(u.accountId)
    usedBy.set(u.securityId, list)
  }
  return rows.filter((s) => {
    const used = usedBy.get(s.id)
    return !used || used.some((a) => scope.accounts.get(a)?.view === 'full')
  })
}

export async function listSecurities(db: Db, user: Member): Promise<SecurityDto[]> {
  const scope = await memberScope(db, user)
  const [rows, ids] = await Promise.all([visibleSecurities(db, scope), visibleInvestmentAccounts(db, scope)])
  const books = await loadBooks(db, user.householdId, ids, { stored: true })
  const held = new Set<string>()
  const tradeLatest = new Map<string, { date: IsoDate; price: Price }>()
  for (const book of books) {
    for (const [symbol, p] of book.latest) {
      const had = tradeLatest.get(symbol)
      if (!had || p.date > had.date) tradeLatest.set(symbol, p)
    }
    for (const h of currentValue(book).portfolio.holdings) if (h.quantity > 0) held.add(h.symbol)
  }
  const latest = await latestTablePrices(db, user.householdId)
  return rows.map((s) => {
    const table = latest.get(s.id)
    const trade = tradeLatest.get(s.symbol)
    const best = table && (!trade || table.date >= trade.date) ? table : trade
    return toSecurityDto(s, best ?? null, held.has(s.symbol))
  })
}

function toSecurityDto(s: SecurityRow, latest: { date: IsoDate; price: Price } | null, held: boolean): SecurityDto {
  return {
    id: s.id,
    symbol: s.symbol,
    name: s.name,
    kind: s.kind as AssetKind,
    currency: s.currency,
    latestPrice: latest ? fromPrice(latest.price) : null,
    latestPriceDate: latest?.date ?? null,
    held,
  }
}

export async function updateSecurity(db: Db, user: Member, id: string, body: z.output<typeof updateSecurityBody>, today: IsoDate): Promise<SecurityDto> {
  const scope = await memberScope(db, user)
  const visible = await visibleSecurities(db, scope)
  const found = visible.find((s) => s.id === id)
  if (!found) throw notFound('Security')
  await db.transaction(async (tx) => {
    await updateSecurityRow(tx, user.householdId, id, body)
    if (body.currency !== undefined && body.currency !== found.currency) {
      await revalueOrRefuse(tx, user.householdId, await accountsHolding(tx, user.householdId, [id]), today, 400, undefined, user.locale)
    }
  })
  const list = await listSecurities(db, user)
  const out = list.find((s) => s.id === id)
  if (!out) throw notFound('Security')
  return out
}

// ---- prices ----

export async function putPrice(db: Db, user: Member, body: z.output<typeof putPriceBody>, today: IsoDate): Promise<PriceDto> {
  const base = await householdBaseCurrency(db, user.householdId)
  return db.transaction(async (tx) => {
    const { row } = await ensureSecurity(tx, user.householdId, body.symbol, { currency: base })
    const units = toPrice(body.price)
    await upsertManualPrice(tx, user.householdId, row.id, body.date, units)
    await revalueOrRefuse(tx, user.householdId, await accountsHolding(tx, user.householdId, [row.id]), today, 400, body.date, user.locale)
    return { symbol: row.symbol, date: body.date, price: fromPrice(units), source: 'manual' as const }
  })
}

/**
 * Writes prices for symbols (a CSV, a statement, a provider): securities are added for new
 * symbols, a price already there for the day is replaced, and the accounts holding them are
 * revalued. Used by the CSV import here and by the price job.
 */
export async function writePrices(
  tx: DbOrTx,
  householdId: string,
  points: { symbol: string; date: IsoDate; price: Price }[],
  source: 'csv' | 'statement' | 'provider',
  today: IsoDate,
  locale = 'en-US',
): Promise<z.output<typeof importPricesResult>> {
  const base = await householdBaseCurrency(tx, householdId)
  const bySymbol = new Map<string, string>()
  const created: string[] = []
  for (const symbol of new Set(points.map((p) => p.symbol))) {
    const { row, created: isNew } = await ensureSecurity(tx, householdId, symbol, { currency: base })
    bySymbol.set(symbol, row.id)
    if (isNew) created.push(symbol)
  }
  // the last price given for a symbol and day wins
  const unique = new Map<string, { securityId: string; date: IsoDate; price: number }>()
  for (const p of points) {
    const securityId = bySymbol.get(p.symbol)
    if (securityId) unique.set(`${securityId}|${p.date}`, { securityId, date: p.date, price: p.price })
  }
  const values = [...unique.values()]
  await upsertPrices(tx, householdId, values, source)
  const revalue = await accountsHolding(tx, householdId, [...bySymbol.values()])
  let first: IsoDate | undefined
  for (const v of values) if (first === undefined || v.date < first) first = v.date
  await revalueOrRefuse(tx, householdId, revalue, today, 400, first, locale)
  return { imported: values.length, created: created.sort(), revalued: revalue.length }
}

export async function importPrices(db: Db, user: Member, csv: string, today: IsoDate): Promise<z.output<typeof importPricesResult>> {
  const parsed = parsePriceCsv(csv)
  if (!parsed.ok) throw invalidField('body.csv', parsed.message, 'INVALID_CSV')
  return db.transaction((tx) => writePrices(tx, user.householdId, parsed.prices, 'csv', today, user.locale))
}

export async function listPrices(db: Db, user: Member, query: { symbol: string; from?: IsoDate | undefined; to?: IsoDate | undefined }): Promise<PriceDto[]> {
  // a security used only in accounts the member does not see whole is unknown to them
  const sec = (await visibleSecurities(db, await memberScope(db, user))).find((s) => s.symbol === query.symbol)
  if (!sec) throw notFound('Security')
  const rows = await listPriceRows(db, sec.id, { from: query.from, to: query.to })
  return rows.map((r) => ({ symbol: sec.symbol, date: r.date, price: fromPrice(r.price as Price), source: r.source as PriceDto['source'] }))
}

// ---- targets ----

export async function putTargets(db: Db, user: Member, targets: Target[]): Promise<Target[]> {
  if (targets.length > 0) {
    try {
      checkTargets(targets.map((t) => ({ key: t.kind, percent: t.percent })))
    } catch (error) {
      if (error instanceof InvestmentError) throw invalidField('body.targets', error.message)
      throw error
    }
  }
  await db.transaction(async (tx) => {
    await replaceTargets(tx, user.householdId, targets)
  })
  return getTargets(db, user.householdId)
}

// ---- accounts ----

export async function listInvestmentAccounts(db: Db, user: Member, only?: string): Promise<AccountDto[]> {
  const scope = await memberScope(db, user)
  const ids = only ? [only] : await visibleInvestmentAccounts(db, scope)
  const books = await loadBooks(db, user.householdId, ids, { stored: true })
  return books.map((book) => {
    const now = currentValue(book)
    const ledgerCash = book.account.balance - book.account.investmentValue
    return {
      accountId: book.account.id,
      name: book.account.name,
      currency: book.account.currency,
      costMethod: book.account.costMethod,
      cash: asCents(ledgerCash + now.portfolio.cash),
      marketValue: now.marketValue,
      balance: asCents(book.account.balance),
      missing: now.missing,
    }
  })
}

export async function setCostMethod(db: Db, user: Member, id: string, method: 'fifo' | 'average', today: IsoDate): Promise<AccountDto> {
  const scope = await memberScope(db, user)
  await investmentAccountOf(db, scope, id, 'params.id', true)
  await db.transaction(async (tx) => {
    await setAccountCostMethod(tx, user.householdId, id, method)
    await revalueOrRefuse(tx, user.householdId, [id], today, 400, undefined, user.locale)
  })
  const [dto] = await listInvestmentAccounts(db, user, id)
  if (!dto) throw notFound('Account')
  return dto
}

