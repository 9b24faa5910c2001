// The dashboard's financial mood (spec §4, §9) from accounts, this month's income and spending
// (the monthly summary's totals, which count every transaction of the month), budgets, goals and
// the credit score, computed by domain/mood. While any of them is not loaded it is the neutral
// loading mood; once computed it is kept under "financialMood". A household with no accounts yet
// has nothing to score: it is `setup` (the dashboard shows its set-up checklist), and no mood is
// computed or kept.
import { useEffect, useMemo } from 'react'
import type { Account } from '../../../contract/accounts'
import type { Budget } from '../../../contract/budgets'
import type { Category } from '../../../contract/categories'
import type { CreditScore } from '../../../contract/credit-score'
import type { Goal } from '../../../contract/goals'
import type { MonthlySummary } from '../../../contract/analytics'
import { categoryTree, totalBudget } from '../../../domain/category-groups'
import {
  computeMood,
  loadingMood,
  MOOD_STORAGE_KEY,
  type FinancialMood,
} from '../../../domain/mood'
import { netWorth } from '../../../domain/net-worth'

export type MoodSources = {
  accounts: Account[] | undefined
  /** this month's income and expenses (transfers and opening balances left out) */
  summary: Pick<MonthlySummary, 'income' | 'expenses'> | undefined
  budgets: Budget[] | undefined
  /** to count a group's budget once (ADR 0036); until loaded each budget counts on its own */
  categories?: Category[] | undefined
  goals: Goal[] | undefined
  /** undefined while loading; null when no score was ever entered */
  creditScore: CreditScore | null | undefined
}

export function useFinancialMood(sources: MoodSources): {
  mood: FinancialMood
  loaded: boolean
  setup: boolean
} {
  const { accounts, summary, budgets, categories, goals, creditScore } = sources
  const mood = useMemo(() => {
    const timestamp = new Date().toISOString()
    if (
      accounts === undefined ||
      summary === undefined ||
      budgets === undefined ||
      goals === undefined ||
      creditScore === undefined
    ) {
      return { mood: loadingMood(timestamp), loaded: false, setup: false }
    }
    if (accounts.length === 0) return { mood: loadingMood(timestamp), loaded: true, setup: true }
    const computed = computeMood(
      {
        netWorth: netWorth(accounts.map((a) => a.balance)),
        monthSpending: summary.expenses,
        totalBudget: totalBudget(budgets, categoryTree(categories ?? [])),
        monthIncome: summary.income,
        activeGoals: goals.filter((g) => g.isActive),
        creditScore: creditScore?.score ?? null,
      },
      timestamp,
    )
    return { mood: computed, loaded: true, setup: false }
  }, [accounts, summary, budgets, categories, goals, creditScore])

  useEffect(() => {
    if (!mood.loaded || mood.setup) return
    try {
      localStorage.setItem(MOOD_STORAGE_KEY, JSON.stringify(mood.mood))
    } catch {
      // storage full or blocked: the mood still shows
    }
  }, [mood])

  return mood
}
