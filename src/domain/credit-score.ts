// Credit score rules of the dashboard card: the 300–850 range, the bands (docs/product.md §4),
// checking a score typed into the entry prompt (docs/product.md §5), the bar out of 850, the change
// since the previous entry, and the exact toasts (docs/product.md §8).

import type { IsoDate } from './dates'

export const CREDIT_SCORE_MIN = 300
export const CREDIT_SCORE_MAX = 850

export type CreditBand = 'Excellent' | 'Good' | 'Fair' | 'Poor' | 'Very Poor'

/** 781 and up Excellent, 661–780 Good, 601–660 Fair, 500–600 Poor, below 500 Very Poor. */
export function creditBand(score: number): CreditBand {
  if (score > 780) return 'Excellent'
  if (score > 660) return 'Good'
  if (score > 600) return 'Fair'
  if (score >= 500) return 'Poor'
  return 'Very Poor'
}

/** A whole number from 300 to 850 inclusive. */
export function isValidCreditScore(value: number): boolean {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= CREDIT_SCORE_MIN &&
    value <= CREDIT_SCORE_MAX
  )
}

export type CreditScoreEntry =
  { kind: 'cancelled' } | { kind: 'invalid' } | { kind: 'valid'; score: number }

/**
 * Reads what the user typed in the score prompt: null (cancelled) or blank does nothing;
 * a plain decimal number that is a whole score in range is valid ("720", " 720 ", "720.0");
 * anything else ("72O", "720.5", "7e2", "-720", "900") is invalid.
 */
export function parseCreditScoreEntry(input: string | null): CreditScoreEntry {
  if (input === null) return { kind: 'cancelled' }
  const text = input.trim()
  if (text === '') return { kind: 'cancelled' }
  if (!/^\d+(?:\.\d+)?$/.test(text)) return { kind: 'invalid' }
  const score = Number(text)
  return isValidCreditScore(score) ? { kind: 'valid', score } : { kind: 'invalid' }
}

/** Width of the score bar: the score as a percentage of 850, clamped to 0–100. */
export function creditScoreBarPercent(score: number): number {
  if (!Number.isFinite(score)) return 0
  return Math.min(100, Math.max(0, (score / CREDIT_SCORE_MAX) * 100))
}

export type CreditScoreEntryRecord = { score: number; date: IsoDate }

/**
 * Points gained (positive) or lost since the previous entry: the latest entry by date minus
 * the one before it; null with fewer than two entries. Entries on the same date keep the
 * order they were given in, the later one counting as newer.
 */
export function creditScoreChange(history: readonly CreditScoreEntryRecord[]): number | null {
  if (history.length < 2) return null
  const byDate = [...history].sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0))
  const latest = byDate[byDate.length - 1]
  const previous = byDate[byDate.length - 2]
  if (latest === undefined || previous === undefined) return null
  return latest.score - previous.score
}

export type ToastText = { readonly title: string; readonly description: string }

export const INVALID_SCORE_TOAST = {
  title: 'Invalid Score',
  description: 'Please enter a valid credit score between 300 and 850.',
} as const satisfies ToastText

export const SCORE_ADDED_TOAST = {
  title: 'Credit Score Added',
  description: 'Your credit score has been successfully added.',
} as const satisfies ToastText

export const SCORE_SAVE_FAILED_TOAST = {
  title: 'Error',
  description: 'Failed to save credit score. Please try again.',
} as const satisfies ToastText
