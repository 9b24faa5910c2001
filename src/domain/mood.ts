// The financial mood of the dashboard (docs/product.md §4, §9): a score out of 100 from five parts
// — net worth (25), budget usage (20), savings rate (20), goal progress (15) and credit score
// (20) — its level, the factors behind it, and the calm page colours for each level. The
// result is stored in the browser under MOOD_STORAGE_KEY. Thresholds are compared in whole
// cents, so each boundary falls exactly where docs/product.md §4 and §9 put it.

import { goalProgressPercent } from './goal-status'
import type { Cents } from './money'

export type MoodLevel = 'excellent' | 'good' | 'neutral' | 'concerning' | 'critical'

export type FinancialMood = {
  mood: MoodLevel
  score: number
  factors: string[]
  backgroundColor: string
  textColor: string
  timestamp: string
}

export type MoodInput = {
  /** sum of all signed account balances */
  netWorth: Cents
  /** this month's spending, a positive number */
  monthSpending: Cents
  /** sum of all budget amounts */
  totalBudget: Cents
  monthIncome: Cents
  activeGoals: readonly { currentAmount: Cents; targetAmount: Cents }[]
  creditScore: number | null
}

export const MOOD_STORAGE_KEY = 'financialMood'

/**
 * Background and text colour per level: tinted, low-saturation backgrounds with a dark text of
 * the same hue, every pair above the WCAG AA contrast of 4.5:1.
 */
export const MOOD_COLORS = {
  excellent: { backgroundColor: '#ecfdf5', textColor: '#065f46' },
  good: { backgroundColor: '#f0fdfa', textColor: '#115e59' },
  neutral: { backgroundColor: '#f8fafc', textColor: '#1e293b' },
  concerning: { backgroundColor: '#fffbeb', textColor: '#92400e' },
  critical: { backgroundColor: '#fef2f2', textColor: '#991b1b' },
} as const satisfies Record<MoodLevel, { backgroundColor: string; textColor: string }>

export function moodLevel(score: number): MoodLevel {
  if (score >= 85) return 'excellent'
  if (score >= 70) return 'good'
  if (score >= 50) return 'neutral'
  if (score >= 30) return 'concerning'
  return 'critical'
}

type Part = { points: number; factor: string | null }

const DOLLAR = 100

function netWorthPart(netWorth: Cents): Part {
  if (netWorth > 100_000 * DOLLAR) return { points: 25, factor: 'Strong net worth' }
  if (netWorth > 50_000 * DOLLAR) return { points: 20, factor: 'Good net worth' }
  if (netWorth > 10_000 * DOLLAR) return { points: 15, factor: 'Growing net worth' }
  if (netWorth > 0) return { points: 10, factor: 'Positive net worth' }
  return { points: 0, factor: null }
}

function budgetPart(spending: Cents, totalBudget: Cents): Part {
  if (totalBudget <= 0) return { points: 0, factor: null }
  // spending / budget < p%  ⇔  spending × 100 < budget × p
  if (spending * 100 < totalBudget * 70) return { points: 20, factor: 'Under budget' }
  if (spending * 100 < totalBudget * 85) return { points: 15, factor: 'Within budget' }
  if (spending * 100 < totalBudget * 100) return { points: 10, factor: 'Budget nearly used' }
  return { points: 0, factor: null }
}

function savingsPart(income: Cents, spending: Cents): Part {
  if (income <= 0) return { points: 0, factor: null }
  // (income − spending) / income > p%  ⇔  (income − spending) × 100 > income × p
  const saved = (income - spending) * 100
  if (saved > income * 20) return { points: 20, factor: 'Excellent savings rate' }
  if (saved > income * 10) return { points: 15, factor: 'Good savings rate' }
  if (saved > income * 5) return { points: 10, factor: 'Moderate savings rate' }
  if (saved > 0) return { points: 5, factor: 'Some savings' }
  return { points: 0, factor: null }
}

function goalsPart(goals: MoodInput['activeGoals']): Part {
  if (goals.length === 0) return { points: 0, factor: null }
  let total = 0
  for (const goal of goals) total += goalProgressPercent(goal.currentAmount, goal.targetAmount)
  // compare the sum, not the average, to keep a division out of the boundaries
  const n = goals.length
  if (total > 75 * n) return { points: 15, factor: 'Goals on track' }
  if (total > 50 * n) return { points: 12, factor: 'Good goal progress' }
  if (total > 25 * n) return { points: 8, factor: 'Goals in progress' }
  return { points: 3, factor: 'Goals started' }
}

function creditPart(score: number | null): Part {
  if (score === null) return { points: 0, factor: null }
  if (score > 750) return { points: 20, factor: 'Excellent credit score' }
  if (score > 700) return { points: 15, factor: 'Good credit score' }
  if (score > 650) return { points: 10, factor: 'Fair credit score' }
  if (score > 600) return { points: 5, factor: 'Building credit score' }
  return { points: 0, factor: null }
}

export type MoodBreakdown = {
  netWorth: number
  budget: number
  savings: number
  goals: number
  credit: number
}

function parts(input: MoodInput): Record<keyof MoodBreakdown, Part> {
  return {
    netWorth: netWorthPart(input.netWorth),
    budget: budgetPart(input.monthSpending, input.totalBudget),
    savings: savingsPart(input.monthIncome, input.monthSpending),
    goals: goalsPart(input.activeGoals),
    credit: creditPart(input.creditScore),
  }
}

/** The points of each part of the score. */
export function moodBreakdown(input: MoodInput): MoodBreakdown {
  const p = parts(input)
  return {
    netWorth: p.netWorth.points,
    budget: p.budget.points,
    savings: p.savings.points,
    goals: p.goals.points,
    credit: p.credit.points,
  }
}

export function computeMood(input: MoodInput, timestamp: string): FinancialMood {
  const all = Object.values(parts(input))
  const score = all.reduce((sum, part) => sum + part.points, 0)
  const factors = all.flatMap((part) => (part.factor === null ? [] : [part.factor]))
  const mood = moodLevel(score)
  return { mood, score, factors, ...MOOD_COLORS[mood], timestamp }
}

export const LOADING_FACTOR = 'Loading financial data...'

/** The mood while any of accounts, transactions, budgets, goals or credit score is loading. */
export const LOADING_MOOD = {
  mood: 'neutral',
  score: 50,
  factors: [LOADING_FACTOR],
  ...MOOD_COLORS.neutral,
} as const satisfies Omit<FinancialMood, 'timestamp'>

export function loadingMood(timestamp: string): FinancialMood {
  return { ...LOADING_MOOD, factors: [...LOADING_MOOD.factors], timestamp }
}
