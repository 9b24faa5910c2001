// The dashboard's financial mood (docs/product.md §4, §9) from accounts, this month's income and
// spending, the budgets and goals of the member's own plan (all from the monthly summary, ADR 0044:
// a teen is scored on their own money, not the household's budgets and goals) and the credit score,
// computed by domain/mood. While any of them is not loaded it is the neutral
// loading mood; once computed it is kept under "financialMood". A household with no accounts yet
// has nothing to score: it is `setup` (the dashboard shows its set-up checklist), and no mood is
// computed or kept.
import { useEffect, useMemo } from 'react'
import type { Account } from '#src/contract/accounts'
import type { CreditScore } from '#src/contract/credit-score'
import type { Goal } from '#src/contract/goals'
import type { MonthlySummary } from '#src/contract/analytics'
import {
  computeMood,
  loadingMood,
  MOOD_STORAGE_KEY,
  type FinancialMood,
} from '#src/domain/mood'
import { netWorth } from '#src/domain/net-worth'

export type MoodSources = {
  accounts: Account[] | undefined
  /** this month's plan: income, expenses, its budgets' total and its goals */
  summary: Pick<MonthlySummary, 'income' | 'expenses' | 'budgetTotal' | 'goalIds'> | undefined
  /**
   * read only to know they are loaded (docs/product.md §4): the total the mood scores is the
   * summary's
   */
  budgets: unknown[] | undefined
  goals: Goal[] | undefined
  /** undefined while loading; null when no score was ever entered */
  creditScore: CreditScore | null | undefined
}

export function useFinancialMood(sources: MoodSources): {
  mood: FinancialMood
  loaded: boolean
  setup: boolean
} {
  const { accounts, summary, budgets, goals, creditScore } = sources
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
        totalBudget: summary.budgetTotal,
        monthIncome: summary.income,
        activeGoals: goals.filter((g) => g.isActive && summary.goalIds.includes(g.id)),
        creditScore: creditScore?.score ?? null,
      },
      timestamp,
    )
    return { mood: computed, loaded: true, setup: false }
  }, [accounts, summary, budgets, goals, creditScore])

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
