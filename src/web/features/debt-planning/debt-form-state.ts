// What the debt planning form holds (text as typed) and how it becomes the simulation's body:
// each field read through the contract's own schema, so the page only sends what the server
// accepts. Errors are keyed like the API's issue paths without "body." (debts.0.apr), so the
// form shows the server's and its own the same way, at the field.
import { nonNegativeMoney } from '#src/contract/common'
import type { z } from 'zod'
import { debtInput, type debtCandidate, type DEBT_STRATEGIES } from '#src/contract/planning'
import { centsToText, moneyText, optionalMoneyText, parseAmountText } from '#src/web/lib/money-input'
import type { DebtPlanBody } from './api/debt-planning'

export type Strategy = (typeof DEBT_STRATEGIES)[number]
type DebtCandidate = z.output<typeof debtCandidate>

export type DebtRow = {
  key: string
  /** the account it came from, or null for a debt outside the app */
  accountId: string | null
  name: string
  balance: string
  apr: string
  minKind: 'fixed' | 'percent'
  /** the fixed minimum, or the floor of a percentage minimum */
  minimum: string
  minimumPercent: string
  promoApr: string
  /** the last month the promotional APR applies, YYYY-MM (a month input) */
  promoEnds: string
}

export type OneTimeRow = { key: string; month: string; amount: string }

export type DebtForm = {
  debts: DebtRow[]
  strategy: Strategy
  extra: string
  /** row keys, for the custom strategy */
  order: string[]
  oneTime: OneTimeRow[]
}

let nextKey = 0
export const newKey = (prefix: string) => `${prefix}-${String(++nextKey)}`

export function blankDebt(name = ''): DebtRow {
  return {
    key: newKey('debt'),
    accountId: null,
    name,
    balance: '',
    apr: '',
    minKind: 'fixed',
    minimum: '',
    minimumPercent: '',
    promoApr: '',
    promoEnds: '',
  }
}

export function debtFromAccount(c: DebtCandidate): DebtRow {
  return { ...blankDebt(c.name), accountId: c.accountId, balance: centsToText(c.balance) }
}

/** The rows in the custom order: the ordered keys first, then any row not yet placed. */
export function orderedRows(form: DebtForm): DebtRow[] {
  const byKey = new Map(form.debts.map((d) => [d.key, d]))
  const placed = form.order.flatMap((k) => {
    const row = byKey.get(k)
    return row ? [row] : []
  })
  const rest = form.debts.filter((d) => !form.order.includes(d.key))
  return [...placed, ...rest]
}

export type Parsed = {
  body: DebtPlanBody | null
  errors: Map<string, string>
  /** what is still to fill in before there is a plan (no error shown for a blank field) */
  missing: string[]
}

const money = moneyText(nonNegativeMoney)
const optionalMoney = optionalMoneyText(nonNegativeMoney)
const shape = debtInput.shape

function percentOf(text: string, schema: typeof shape.apr): { value?: number; error?: string } {
  const n = parseAmountText(text.replace('%', ''))
  if (n === null) return { error: 'Enter a percentage such as 19.99' }
  const r = schema.safeParse(n)
  return r.success ? { value: r.data } : { error: r.error.issues[0]?.message ?? 'Not a percentage' }
}

function wholeMonth(text: string): number | null {
  const t = text.trim()
  if (!/^\d+$/.test(t)) return null
  const n = Number(t)
  return n >= 1 && n <= 600 ? n : null
}

export function parseDebtForm(form: DebtForm): Parsed {
  const errors = new Map<string, string>()
  const missing: string[] = []
  const names = new Set<string>()
  const debts: DebtPlanBody['debts'] = []
  form.debts.forEach((row, i) => {
    const at = (field: string) => `debts.${String(i)}.${field}`
    const label = row.name.trim() === '' ? `debt ${String(i + 1)}` : row.name.trim()
    const name = shape.name.safeParse(row.name)
    if (!name.success) {
      if (row.name.trim() === '') missing.push(`the name of debt ${String(i + 1)}`)
      else errors.set(at('name'), name.error.issues[0]?.message ?? 'Enter a name')
    } else if (names.has(name.data)) {
      errors.set(at('name'), 'Another debt has this name: names must differ')
    } else names.add(name.data)

    const balance = row.balance.trim() === '' ? null : money.safeParse(row.balance)
    if (balance === null) missing.push(`the balance of ${label}`)
    else if (!balance.success)
      errors.set(at('balance'), balance.error.issues[0]?.message ?? 'Enter an amount')

    let apr: number | undefined
    if (row.apr.trim() === '') missing.push(`the APR of ${label}`)
    else {
      const r = percentOf(row.apr, shape.apr)
      if (r.error !== undefined) errors.set(at('apr'), r.error)
      apr = r.value
    }

    const minimum = row.minimum.trim() === '' ? null : money.safeParse(row.minimum)
    if (minimum === null) missing.push(`the minimum payment of ${label}`)
    else if (!minimum.success)
      errors.set(at('minimumPayment'), minimum.error.issues[0]?.message ?? 'Enter an amount')

    let minimumPercent: number | undefined
    if (row.minKind === 'percent') {
      if (row.minimumPercent.trim() === '') missing.push(`the minimum percentage of ${label}`)
      else {
        const r = percentOf(row.minimumPercent, shape.apr)
        if (r.error !== undefined) errors.set(at('minimumPercent'), r.error)
        minimumPercent = r.value
      }
    }

    // a promotion is its rate with the month it ends: half of one is an error at the empty field
    let promoApr: number | undefined
    let promoEnds: string | undefined
    if (row.promoApr.trim() !== '' || row.promoEnds.trim() !== '') {
      if (row.promoApr.trim() === '')
        errors.set(at('promoApr'), 'Enter the promotional APR, or clear the end month')
      else {
        const r = percentOf(row.promoApr, shape.apr)
        if (r.error !== undefined) errors.set(at('promoApr'), r.error)
        promoApr = r.value
      }
      if (row.promoEnds.trim() === '')
        errors.set(at('promoEnds'), 'Enter the month the promotion ends')
      else {
        const m = shape.promoEnds.safeParse(row.promoEnds.trim())
        if (!m.success) errors.set(at('promoEnds'), m.error.issues[0]?.message ?? 'Enter a month')
        else promoEnds = m.data
      }
    }

    if (name.success && balance?.success && apr !== undefined && minimum?.success) {
      debts.push({
        name: name.data,
        balance: balance.data,
        apr,
        minimumPayment: minimum.data,
        ...(row.accountId !== null ? { accountId: row.accountId } : {}),
        ...(minimumPercent !== undefined ? { minimumPercent } : {}),
        ...(promoApr !== undefined && promoEnds !== undefined ? { promoApr, promoEnds } : {}),
      })
    }
  })
  if (form.debts.length === 0) missing.push('a debt')

  const extra = optionalMoney.safeParse(form.extra)
  if (!extra.success)
    errors.set('extraMonthly', extra.error.issues[0]?.message ?? 'Enter an amount')

  const oneTime: NonNullable<DebtPlanBody['oneTime']> = []
  form.oneTime.forEach((row, i) => {
    if (row.month.trim() === '' && row.amount.trim() === '') return
    const month = wholeMonth(row.month)
    if (month === null) errors.set(`oneTime.${String(i)}.month`, 'Enter a month from 1 to 600')
    const amount = money.safeParse(row.amount)
    if (!amount.success)
      errors.set(
        `oneTime.${String(i)}.amount`,
        amount.error.issues[0]?.message ?? 'Enter an amount',
      )
    if (month !== null && amount.success) oneTime.push({ month, amount: amount.data })
  })

  const complete = errors.size === 0 && missing.length === 0 && debts.length === form.debts.length
  const body: DebtPlanBody | null =
    complete && extra.success
      ? {
          debts,
          strategy: form.strategy,
          ...(extra.data !== undefined ? { extraMonthly: extra.data } : {}),
          ...(form.strategy === 'custom'
            ? { order: orderedRows(form).map((d) => d.name.trim()) }
            : {}),
          ...(oneTime.length > 0 ? { oneTime } : {}),
        }
      : null
  return { body, errors, missing }
}
