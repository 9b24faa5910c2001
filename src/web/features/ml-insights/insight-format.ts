// Words and figures for the Smart Insights page: a cadence, a confidence, a severity, a price
// change, a long date ("March 12") for the forecast's low point, an insight action's button, the
// forecast as the chart draws it and its lowest day, and the suggestions' selection. Pure, so it
// is tested on its own.
import type { InsightAction } from '#src/contract/insights'
import type { IsoDate } from '#src/domain/dates'
import type { Cadence, InsightJobStatus, InsightSeverity } from '#src/domain/insights/kinds'
import { fromCents, type Cents } from '#src/domain/money'

type PriceChange = { from: Cents; to: Cents; date: IsoDate; change: number }
type ForecastPoint = { date: IsoDate; balance: Cents; low: Cents; high: Cents }

const CADENCE_WORDS = {
  weekly: 'Every week',
  biweekly: 'Every two weeks',
  monthly: 'Every month',
  quarterly: 'Every three months',
  yearly: 'Every year',
} as const satisfies Record<Cadence, string>

export function cadenceText(cadence: Cadence): string {
  return CADENCE_WORDS[cadence]
}

/** A confidence (0..1) in words: what people read before the bar. */
export function confidenceText(confidence: number): string {
  if (confidence >= 0.9) return 'Very likely'
  if (confidence >= 0.7) return 'Likely'
  if (confidence >= 0.5) return 'Possible'
  return 'Unsure'
}

/** The confidence as a whole percentage, clamped to 0..100. */
export function confidencePercent(confidence: number): number {
  if (!Number.isFinite(confidence)) return 0
  return Math.round(Math.min(1, Math.max(0, confidence)) * 100)
}

const SEVERITY_WORDS = {
  info: 'For your information',
  notice: 'Worth a look',
  warning: 'Needs attention',
} as const satisfies Record<InsightSeverity, string>

export function severityText(severity: InsightSeverity): string {
  return SEVERITY_WORDS[severity]
}

/** A change as a signed whole percentage: 0.1 → "+10 %", −0.05 → "−5 %". */
export function changeText(change: number): string {
  const pct = Math.round(change * 100)
  return `${pct > 0 ? '+' : pct < 0 ? '−' : ''}${Math.abs(pct)} %`
}

/** A calendar date with the month written out, in the member's locale: "March 12". */
export function longDate(date: IsoDate, locale: string): string {
  const [y, m, d] = date.split('-').map(Number)
  if (y === undefined || m === undefined || d === undefined) return date
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      day: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, d)))
  } catch {
    return date
  }
}

/** A moment (ISO timestamp) as a date and time in the member's locale and time zone. */
export function momentText(iso: string, locale: string, timeZone: string | undefined): string {
  const value = new Date(iso)
  if (Number.isNaN(value.getTime())) return iso
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(value)
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(value)
  }
}

/** The household's insight job is queued or under way: the page says "Refreshing…" and polls. */
export function isRefreshing(status: InsightJobStatus | undefined): boolean {
  return status === 'queued' || status === 'running'
}

/** What an insight's one-click button says ("…": a dialog asks for the rule's category first). */
export function actionText(action: InsightAction): string {
  switch (action.action) {
    case 'rule':
      return action.categoryId === null ? 'Make a rule…' : 'Make a rule'
    case 'budget':
      return 'Change the budget'
    case 'bill':
      return 'Make it a bill'
    case 'end_bill':
      return 'End the bill'
    case 'dismiss_recurring':
      return 'Stop tracking it'
  }
}

/** What the toast says once an insight's action is done. */
export function actionDoneText(action: InsightAction): string {
  switch (action.action) {
    case 'rule':
      return `New rule: payees containing “${action.payee}” get a category.`
    case 'budget':
      return `The budget of ${action.month} is changed.`
    case 'bill':
      return `${action.name} is now a bill.`
    case 'end_bill':
      return `${action.name} has ended: it stays on the bills page, paused.`
    case 'dismiss_recurring':
      return `${action.name} is no longer tracked.`
  }
}

/** A price rise worth a badge: the last charge cost more than the one before (money out grows). */
export function priceRise(change: PriceChange | null): PriceChange | null {
  if (change === null) return null
  // amounts are negative for money out: a rise makes the charge more negative
  return Math.abs(change.to) > Math.abs(change.from) ? change : null
}

/** The forecast as the chart draws it: currency units (not cents), a band when low ≠ high. */
export function chartPoints(
  points: readonly ForecastPoint[],
  label: (date: IsoDate) => string,
): { label: string; date: IsoDate; balance: number; band: [number, number] | null }[] {
  return points.map((p) => ({
    label: label(p.date),
    date: p.date,
    balance: fromCents(p.balance),
    band: p.low === p.high ? null : [fromCents(p.low), fromCents(p.high)],
  }))
}

/** The day with the lowest expected balance (the first one on a tie), or null with no points. */
export function lowestPoint(points: readonly ForecastPoint[]): ForecastPoint | null {
  let lowest: ForecastPoint | null = null
  for (const p of points) if (lowest === null || p.balance < lowest.balance) lowest = p
  return lowest
}

/** Toggles one id in a selection (a new set; the old one is left alone). */
export function toggled(selection: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selection)
  if (next.has(id)) next.delete(id)
  else next.add(id)
  return next
}

/** The selection kept to the ids still listed (after a refresh, accepted rows leave the list). */
export function keepListed(selection: ReadonlySet<string>, listed: readonly string[]): Set<string> {
  const ids = new Set(listed)
  return new Set([...selection].filter((id) => ids.has(id)))
}

/** "1 transaction" / "3 transactions" */
export function plural(count: number, one: string, many = `${one}s`): string {
  return `${count} ${count === 1 ? one : many}`
}

/** A month (YYYY-MM) written out in the member's locale: "March 2026". */
export function monthText(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number)
  if (y === undefined || m === undefined || !Number.isInteger(y) || !Number.isInteger(m))
    return month
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(Date.UTC(y, m - 1, 1)))
  } catch {
    return month
  }
}

/**
 * The balance axis: around the figures with a margin (at least 5 % of the largest balance, so a
 * steady balance is a line, not a wall), never below zero when every figure is above it, and
 * widened to round steps so the ticks are round numbers.
 */
export function axisDomain(values: readonly number[]): [number, number] {
  const finite = values.filter((v) => Number.isFinite(v))
  if (finite.length === 0) return [0, 1]
  const min = Math.min(...finite)
  const max = Math.max(...finite)
  const pad = Math.max((max - min) * 0.1, Math.max(Math.abs(min), Math.abs(max)) * 0.05, 1)
  const lo = min >= 0 ? Math.max(0, min - pad) : min - pad
  const hi = max + pad
  const step = niceStep((hi - lo) / 4)
  return [Math.floor(lo / step) * step, Math.ceil(hi / step) * step]
}

/** The round step (1, 2, 2.5 or 5 times a power of ten) at or above `raw`. */
function niceStep(raw: number): number {
  const magnitude = 10 ** Math.floor(Math.log10(raw))
  const ratio = raw / magnitude
  const factor = [1, 2, 2.5, 5, 10].find((f) => ratio <= f + 1e-9) ?? 10
  return factor * magnitude
}
