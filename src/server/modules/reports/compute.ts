// The reports' arithmetic on what their statements read (rows per category, currency and month;
// balances and later changes per account; payee totals), without I/O: conversion to the base
// currency at each month end's rate, once per (currency, month); net worth at month ends; each
// category's months, average and trend; the Sankey's nodes and links; the top payees.
import { categoryTree, groupOf, rollUpToGroups, UNCATEGORIZED } from '#src/domain/category-groups'
import { toBase, type RateBook } from '#src/domain/currency'
import { endOfMonth } from '#src/domain/dates'
import { asCents, divideCents, negate, type Cents } from '#src/domain/money'
import { ACCOUNT_TYPES, type AccountType } from '#src/domain/accounts'
import type { SANKEY_NODE_KINDS } from '#src/contract/reports'

/** The account types whose balances are money owed: liabilities (minus their balances). */
export const LIABILITY_TYPES: ReadonlySet<string> = new Set(['credit_card', 'loan', 'mortgage'])
const KINDS: readonly AccountType[] = ACCOUNT_TYPES

export type Converter = {
  base: string
  /** currencies a figure needed a rate of and found none */
  missing: Set<string>
  /** `amount` cents of `currency` in the base currency at the end of `month` (YYYY-MM); null when no rate */
  convert(amount: number, currency: string, month: string): Cents | null
}

/** `book` may be null when every amount is in the base currency (then no rate is ever needed). */
export function converter(base: string, book: RateBook | null): Converter {
  const missing = new Set<string>()
  const baseCode = base.toUpperCase()
  return {
    base: baseCode,
    missing,
    convert(amount, currency, month) {
      const code = currency.toUpperCase()
      if (amount === 0 || code === baseCode) return asCents(amount)
      const value = book ? toBase(book, asCents(amount), code, endOfMonth(`${month}-01`)) : null
      if (value === null) missing.add(code)
      return value
    },
  }
}

/** The sum, or null when any part is null. */
export function sumOrNull(values: Iterable<Cents | null>): Cents | null {
  let total = 0
  for (const v of values) {
    if (v === null) return null
    total += v
  }
  return asCents(total)
}

const sub = (a: Cents | null, b: Cents | null): Cents | null => (a === null || b === null ? null : asCents(a - b))

/** Adds `amount` under `key` of a map of per-currency sums. */
function addTo(map: Map<string, Map<string, number>>, key: string, currency: string, amount: number): void {
  let byCurrency = map.get(key)
  if (!byCurrency) {
    byCurrency = new Map()
    map.set(key, byCurrency)
  }
  byCurrency.set(currency, (byCurrency.get(currency) ?? 0) + amount)
}

/** Per-currency sums of one month converted and added: one conversion per (currency, month). */
function converted(byCurrency: Map<string, number> | undefined, month: string, conv: Converter): Cents | null {
  if (!byCurrency) return asCents(0)
  return sumOrNull([...byCurrency].map(([currency, amount]) => conv.convert(amount, currency, month)))
}

/** A rollup total per category, account currency and month (YYYY-MM). */
export type CategoryMonthRow = { categoryId: string | null; currency: string; month: string; income: number; expense: number }

export type CashFlowMonth = { month: string; income: Cents | null; expenses: Cents | null; net: Cents | null }

export function cashFlow(rows: readonly CategoryMonthRow[], months: readonly string[], conv: Converter): CashFlowMonth[] {
  const income = new Map<string, Map<string, number>>()
  const expense = new Map<string, Map<string, number>>()
  for (const row of rows) {
    addTo(income, row.month, row.currency, row.income)
    addTo(expense, row.month, row.currency, row.expense)
  }
  return months.map((month) => {
    const inc = converted(income.get(month), month, conv)
    const exp = converted(expense.get(month), month, conv)
    return { month, income: inc, expenses: exp, net: sub(inc, exp) }
  })
}

export type CategoryInfo = { name: string; parentId: string | null }
export { UNCATEGORIZED }

export type CategorySpending = {
  categoryId: string | null
  categoryName: string
  groupId: string | null
  groupName: string | null
  total: Cents | null
  average: Cents | null
  trend: number | null
  months: { month: string; total: Cents | null }[]
}

/** Each category's spending per month over the range, largest total first (unknown totals last). */
export function spendingByCategory(
  rows: readonly CategoryMonthRow[],
  categories: ReadonlyMap<string, CategoryInfo>,
  months: readonly string[],
  conv: Converter,
): CategorySpending[] {
  // category → month → currency → spending
  const spending = new Map<string | null, Map<string, Map<string, number>>>()
  for (const row of rows) {
    if (row.expense === 0) continue
    let byMonth = spending.get(row.categoryId)
    if (!byMonth) {
      byMonth = new Map()
      spending.set(row.categoryId, byMonth)
    }
    addTo(byMonth, row.month, row.currency, row.expense)
  }
  const result: CategorySpending[] = []
  for (const [categoryId, byMonth] of spending) {
    const info = categoryId === null ? undefined : categories.get(categoryId)
    const parent = info?.parentId ? categories.get(info.parentId) : undefined
    const series = months.map((month) => ({ month, total: converted(byMonth.get(month), month, conv) }))
    const total = sumOrNull(series.map((m) => m.total))
    // nothing left after conversion (an amount and its refund within a month): not spending
    if (total === 0) continue
    const average = total === null ? null : divideCents(total, months.length)
    const lastMonth = series.at(-1)?.total ?? null
    result.push({
      categoryId,
      categoryName: info?.name ?? UNCATEGORIZED,
      groupId: info?.parentId && parent ? info.parentId : null,
      groupName: parent?.name ?? null,
      total,
      average,
      trend: average === null || average === 0 || lastMonth === null ? null : (lastMonth - average) / average,
      months: series,
    })
  }
  return result.sort(
    (a, b) => (b.total ?? -Infinity) - (a.total ?? -Infinity) || a.categoryName.localeCompare(b.categoryName),
  )
}

/**
 * The categories' rows rolled up to their groups (domain/category-groups): each group's months
 * are its categories' months added up (so a group's total is exactly the sum of its rows at the
 * category level), with its own average and trend. Largest first.
 */
export function spendingByGroup(rows: readonly CategorySpending[], categories: ReadonlyMap<string, CategoryInfo>): CategorySpending[] {
  const tree = categoryTree([...categories].map(([id, c]) => ({ id, parentId: c.parentId })))
  const groups = new Map<string | null, CategorySpending[]>()
  for (const row of rows) {
    const groupId = groupOf(tree, row.categoryId)
    groups.set(groupId, [...(groups.get(groupId) ?? []), row])
  }
  const result: CategorySpending[] = []
  for (const [groupId, members] of groups) {
    const months = (members[0]?.months ?? []).map((m, i) => ({
      month: m.month,
      total: sumOrNull(members.map((r) => r.months[i]?.total ?? null)),
    }))
    const total = sumOrNull(months.map((m) => m.total))
    if (total === 0) continue
    const average = total === null ? null : divideCents(total, months.length)
    const lastMonth = months.at(-1)?.total ?? null
    result.push({
      categoryId: groupId,
      categoryName: groupId === null ? UNCATEGORIZED : (categories.get(groupId)?.name ?? UNCATEGORIZED),
      groupId: null,
      groupName: null,
      total,
      average,
      trend: average === null || average === 0 || lastMonth === null ? null : (lastMonth - average) / average,
      months,
    })
  }
  return result.sort(
    (a, b) => (b.total ?? -Infinity) - (a.total ?? -Infinity) || a.categoryName.localeCompare(b.categoryName),
  )
}

export type SankeyNode = { name: string; kind: (typeof SANKEY_NODE_KINDS)[number]; categoryId: string | null }
export type Sankey = {
  nodes: SankeyNode[]
  links: { source: number; target: number; value: Cents }[]
  income: Cents
  expenses: Cents
}

/**
 * Income categories → Income → spending groups → categories (or straight to a top-level
 * category), with Saved taking what income left over, or Shortfall bringing in what spending
 * took beyond it. Amounts without a rate are left out (the converter names their currencies).
 */
export function sankey(rows: readonly CategoryMonthRow[], categories: ReadonlyMap<string, CategoryInfo>, conv: Converter): Sankey {
  const incomeBy = new Map<string | null, number>()
  const spendBy = new Map<string | null, number>()
  for (const row of rows) {
    const inc = conv.convert(row.income, row.currency, row.month)
    const exp = conv.convert(row.expense, row.currency, row.month)
    if (inc !== null && inc !== 0) incomeBy.set(row.categoryId, (incomeBy.get(row.categoryId) ?? 0) + inc)
    if (exp !== null && exp !== 0) spendBy.set(row.categoryId, (spendBy.get(row.categoryId) ?? 0) + exp)
  }
  const nameOf = (id: string | null) => (id === null ? UNCATEGORIZED : (categories.get(id)?.name ?? UNCATEGORIZED))
  const largestFirst = <K>(entries: Iterable<[K, number]>) =>
    [...entries].filter(([, v]) => v > 0).sort((a, b) => b[1] - a[1])

  const nodes: SankeyNode[] = []
  const links: Sankey['links'] = []
  const node = (n: SankeyNode): number => nodes.push(n) - 1
  const link = (source: number, target: number, value: number) => links.push({ source, target, value: asCents(value) })

  const incomes = largestFirst(incomeBy)
  const income = incomes.reduce((s, [, v]) => s + v, 0)
  // spending per group (domain/category-groups): a category's parent, or itself when top-level
  const tree = categoryTree([...categories].map(([id, c]) => ({ id, parentId: c.parentId })))
  const groups = rollUpToGroups(
    [...spendBy].filter(([, v]) => v > 0).map(([categoryId, v]) => ({ categoryId, total: asCents(v) })),
    tree,
  )
  const expenses = [...groups.values()].reduce((s, g) => s + g.total, 0)
  if (income === 0 && expenses === 0) return { nodes, links, income: asCents(0), expenses: asCents(0) }

  const total = node({ name: 'Income', kind: 'total', categoryId: null })
  for (const [id, value] of incomes) link(node({ name: nameOf(id), kind: 'income', categoryId: id }), total, value)
  if (expenses > income) link(node({ name: 'Shortfall', kind: 'shortfall', categoryId: null }), total, expenses - income)
  for (const { groupId, total: value, parts } of groups) {
    const onlyItself = parts.length === 1 && parts[0]?.categoryId === groupId
    if (onlyItself) {
      link(total, node({ name: nameOf(groupId), kind: 'category', categoryId: groupId }), value)
      continue
    }
    const g = node({ name: nameOf(groupId), kind: 'group', categoryId: groupId })
    link(total, g, value)
    for (const part of parts) link(g, node({ name: nameOf(part.categoryId), kind: 'category', categoryId: part.categoryId }), part.total)
  }
  if (income > expenses) link(total, node({ name: 'Saved', kind: 'saved', categoryId: null }), income - expenses)
  return { nodes, links, income: asCents(income), expenses: asCents(expenses) }
}

export type AccountBalance = { id: string; type: string; currency: string; balance: number; investmentValue: number }

export type NetWorthMonth = {
  month: string
  assets: Cents | null
  liabilities: Cents | null
  netWorth: Cents | null
  byKind: Record<AccountType, Cents | null>
  missingValues: string[]
}

/**
 * Net worth at each month's end. An account's balance then is its current balance less what
 * its rollups record after that month (`changes`: per account, month → income − expense +
 * other, for months after the range's first). For the holdings part of investment accounts
 * (`investmentValue`, inside `balance`) the month's kept value replaces the current one
 * (`values`: per account, month → cents, null when a price was missing; a month without one
 * counts 0, the account holding nothing then); this month and later keep the current value.
 * An account in `todayOnly` (another member's balance-only one) counts at its current balance
 * in every month: its past balances would tell its flows (ADR 0048).
 */
export function netWorthHistory(
  accounts: readonly AccountBalance[],
  changes: ReadonlyMap<string, ReadonlyMap<string, number>>,
  values: ReadonlyMap<string, ReadonlyMap<string, number | null>>,
  months: readonly string[],
  current: string,
  conv: Converter,
  todayOnly: ReadonlySet<string>,
): NetWorthMonth[] {
  // per account: what changed after each month of the range, walking forward
  const later = new Map<string, number>()
  const changesOf = (id: string) => (todayOnly.has(id) ? undefined : changes.get(id))
  for (const a of accounts) {
    let total = 0
    for (const v of changesOf(a.id)?.values() ?? []) total += v
    later.set(a.id, total)
  }
  return months.map((month) => {
    const kindSums = new Map<string, Map<string, number>>()
    const missingKinds = new Set<string>()
    const missingValues: string[] = []
    for (const a of accounts) {
      // months after `month`: drop this month's change from what comes later
      const after = (later.get(a.id) ?? 0) - (changesOf(a.id)?.get(month) ?? 0)
      later.set(a.id, after)
      let holdings: number | null = a.investmentValue
      if (month < current && !todayOnly.has(a.id)) {
        const kept = values.get(a.id)?.get(month)
        holdings = kept === undefined ? 0 : kept
      }
      const kind = KINDS.includes(a.type as AccountType) ? a.type : 'other'
      if (holdings === null) {
        missingKinds.add(kind)
        missingValues.push(a.id)
        continue
      }
      addTo(kindSums, kind, a.currency, a.balance - a.investmentValue - after + holdings)
    }
    const byKind = Object.fromEntries(
      KINDS.map((kind) => [kind, missingKinds.has(kind) ? null : converted(kindSums.get(kind), month, conv)]),
    ) as Record<AccountType, Cents | null>
    const assets = sumOrNull(KINDS.filter((k) => !LIABILITY_TYPES.has(k)).map((k) => byKind[k]))
    const owed = sumOrNull(KINDS.filter((k) => LIABILITY_TYPES.has(k)).map((k) => byKind[k]))
    const liabilities = owed === null ? null : negate(owed)
    return { month, assets, liabilities, netWorth: sub(assets, liabilities), byKind, missingValues }
  })
}

export type MerchantMonthRow = { merchant: string; currency: string; month: string | null; total: number; count: number }

/** Payees by spending, largest first (then by name), at most `limit`; amounts without a rate are left out. */
export function topMerchants(rows: readonly MerchantMonthRow[], limit: number, conv: Converter) {
  const byMerchant = new Map<string, { total: number; count: number }>()
  for (const row of rows) {
    const value = row.month === null ? (row.currency.toUpperCase() === conv.base ? row.total : null) : conv.convert(row.total, row.currency, row.month)
    if (value === null) {
      conv.missing.add(row.currency.toUpperCase())
      continue
    }
    const entry = byMerchant.get(row.merchant) ?? { total: 0, count: 0 }
    entry.total += value
    entry.count += row.count
    byMerchant.set(row.merchant, entry)
  }
  return [...byMerchant]
    .filter(([, m]) => m.total > 0)
    .sort((a, b) => b[1].total - a[1].total || (a[0] < b[0] ? -1 : a[0] > b[0] ? 1 : 0))
    .slice(0, limit)
    .map(([merchant, m]) => ({ merchant, total: asCents(m.total), count: m.count }))
}
