// Percentiles and small numeric helpers for the bench (nearest-rank on a sorted copy).

/** The p-th percentile (0–100) by nearest rank; NaN for an empty list. */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const rank = Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length)))
  return sorted[rank - 1] ?? Number.NaN
}

export const median = (values: readonly number[]): number => percentile(values, 50)

export type Summary = { n: number; median: number; p99: number; max: number }

export function summarize(values: readonly number[]): Summary {
  return {
    n: values.length,
    median: median(values),
    p99: percentile(values, 99),
    max: percentile(values, 100),
  }
}

export const round = (value: number, digits = 1): number => {
  const f = 10 ** digits
  return Math.round(value * f) / f
}

export const sleep = (ms: number): Promise<void> =>
  new Promise((resolve) => setTimeout(resolve, ms))
