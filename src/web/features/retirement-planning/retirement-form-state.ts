// What the retirement form holds (text as typed) and how it becomes the simulation's body. Rates
// are typed as percentages (5 means 5 %) and sent as fractions (0.05). Errors are keyed like the
// API's issue paths without "body." (annualReturn, otherIncome.0.fromAge), so the form shows the
// server's and its own at the field.
import { nonNegativeMoney } from '#src/contract/common'
import { simulateRetirementBody } from '#src/contract/planning'
import { asCents } from '#src/domain/money'
import { moneyText, optionalMoneyText, parseAmountText } from '#src/web/lib/money-input'
import type { RetirementBody } from './api/retirement'

export type WithdrawalStrategy = 'constant' | 'percent' | 'guardrails'

export type IncomeRow = { key: string; annual: string; fromAge: string }

export type RetirementForm = {
  currentAge: string
  retirementAge: string
  planUntilAge: string
  savings: string
  monthlyContribution: string
  contributionRaise: string
  annualReturn: string
  volatility: string
  inflation: string
  /** the share in stocks for the replay through history (the rest in bonds) */
  stockShare: string
  annualSpending: string
  strategy: WithdrawalStrategy
  withdrawalRate: string
  otherIncome: IncomeRow[]
  seed: string
}

let nextKey = 0
export const newIncomeKey = () => `income-${String(++nextKey)}`

export const STARTING_FORM: RetirementForm = {
  currentAge: '35',
  retirementAge: '65',
  planUntilAge: '95',
  savings: '',
  monthlyContribution: '',
  contributionRaise: '0',
  annualReturn: '7',
  volatility: '15',
  inflation: '3',
  stockShare: '60',
  annualSpending: '',
  strategy: 'constant',
  withdrawalRate: '4',
  otherIncome: [],
  seed: '1',
}

export type Parsed = {
  body: RetirementBody | null
  errors: Map<string, string>
  missing: string[]
}

const money = moneyText(nonNegativeMoney)
const optionalMoney = optionalMoneyText(nonNegativeMoney)
const shape = simulateRetirementBody.shape

function wholeAge(text: string): number | null {
  const t = text.trim()
  return /^\d{1,3}$/.test(t) && Number(t) <= 120 ? Number(t) : null
}

/** A percentage typed ("5", "4.5 %") as a fraction (0.05), within [min, max] percent. */
function percent(text: string, min: number, max: number): { value?: number; error?: string } {
  const n = parseAmountText(text.replace('%', ''))
  if (n === null) return { error: 'Enter a percentage such as 5' }
  if (n < min || n > max)
    return { error: `Enter a percentage from ${String(min)} to ${String(max)}` }
  // the percentage with at most 4 decimals, as a fraction without float dust (7 → 0.07)
  return { value: Math.round(n * 10_000) / 1_000_000 }
}

export function parseRetirementForm(form: RetirementForm): Parsed {
  const errors = new Map<string, string>()
  const missing: string[] = []

  const age = (field: 'currentAge' | 'retirementAge' | 'planUntilAge', label: string) => {
    if (form[field].trim() === '') {
      missing.push(label)
      return null
    }
    const n = wholeAge(form[field])
    if (n === null) errors.set(field, 'Enter a whole age from 0 to 120')
    return n
  }
  const currentAge = age('currentAge', 'your age')
  const retirementAge = age('retirementAge', 'your retirement age')
  const planUntilAge = age('planUntilAge', 'the age to plan until')
  if (currentAge !== null && retirementAge !== null && retirementAge < currentAge)
    errors.set('retirementAge', 'Must not be before your current age')
  if (retirementAge !== null && planUntilAge !== null && planUntilAge <= retirementAge)
    errors.set('planUntilAge', 'Must be after the retirement age')

  const amount = (field: 'savings' | 'annualSpending', label: string) => {
    if (form[field].trim() === '') {
      missing.push(label)
      return null
    }
    const r = money.safeParse(form[field])
    if (!r.success) {
      errors.set(field, r.error.issues[0]?.message ?? 'Enter an amount')
      return null
    }
    return r.data
  }
  const savings = amount('savings', 'your savings')
  const annualSpending = amount('annualSpending', 'your yearly spending')
  const contribution = optionalMoney.safeParse(form.monthlyContribution)
  if (!contribution.success)
    errors.set('monthlyContribution', contribution.error.issues[0]?.message ?? 'Enter an amount')

  const rate = (
    field:
      | 'contributionRaise'
      | 'annualReturn'
      | 'volatility'
      | 'inflation'
      | 'stockShare'
      | 'withdrawalRate',
    min: number,
    max: number,
  ) => {
    const r = percent(form[field], min, max)
    if (r.error !== undefined) errors.set(field, r.error)
    return r.value ?? null
  }
  const contributionRaise =
    form.contributionRaise.trim() === '' ? 0 : rate('contributionRaise', -50, 50)
  const annualReturn = rate('annualReturn', -50, 50)
  const volatility = rate('volatility', 0, 100)
  const inflation = rate('inflation', -10, 50)
  const stockShare = rate('stockShare', 0, 100)
  const withdrawalRate = rate('withdrawalRate', 0.1, 50)

  const otherIncome: RetirementBody['otherIncome'] = []
  form.otherIncome.forEach((row, i) => {
    if (row.annual.trim() === '' && row.fromAge.trim() === '') return
    const annual = money.safeParse(row.annual)
    if (!annual.success)
      errors.set(
        `otherIncome.${String(i)}.annual`,
        annual.error.issues[0]?.message ?? 'Enter an amount',
      )
    const from = wholeAge(row.fromAge)
    if (from === null)
      errors.set(`otherIncome.${String(i)}.fromAge`, 'Enter a whole age from 0 to 120')
    if (annual.success && from !== null) otherIncome.push({ annual: annual.data, fromAge: from })
  })

  const seedResult = shape.seed.safeParse(
    /^\d+$/.test(form.seed.trim()) ? Number(form.seed) : Number.NaN,
  )
  if (!seedResult.success) errors.set('seed', 'Enter a whole number from 0 to 4294967295')

  const body: RetirementBody | null =
    errors.size === 0 &&
    missing.length === 0 &&
    currentAge !== null &&
    retirementAge !== null &&
    planUntilAge !== null &&
    savings !== null &&
    annualSpending !== null &&
    contribution.success &&
    contributionRaise !== null &&
    annualReturn !== null &&
    volatility !== null &&
    inflation !== null &&
    stockShare !== null &&
    withdrawalRate !== null &&
    seedResult.success
      ? {
          currentAge,
          retirementAge,
          planUntilAge,
          savings,
          monthlyContribution: contribution.data ?? asCents(0),
          contributionRaise,
          annualReturn,
          volatility,
          inflation,
          stockShare,
          annualSpending,
          withdrawalRate,
          strategy: form.strategy,
          otherIncome,
          seed: seedResult.data,
          sensitivity: true,
        }
      : null
  return { body, errors, missing }
}
