// The reports' filters, kept in the URL's search params so a report can be bookmarked, shared
// and restored by Back: a range preset (the last 12 or 24 months, this year, or custom from–to)
// and lists of accounts, categories and household members (ids, comma-separated). Reports
// count whole calendar months, so a range is a first and a last month (YYYY-MM); the
// drill-downs ask for the transactions from the first day of one to the last day of the other.
import { useCallback, useMemo } from 'react'
import { useSearchParams } from 'react-router'
import { addMonths, endOfMonth, isIsoDate, startOfMonth, type IsoDate } from '#src/domain/dates'

export const RANGE_PRESETS = ['12m', '24m', 'ytd', 'custom'] as const
export type RangePreset = (typeof RANGE_PRESETS)[number]

export const RANGE_LABELS: Record<RangePreset, string> = {
  '12m': 'Last 12 months',
  '24m': 'Last 24 months',
  ytd: 'This year',
  custom: 'Custom',
}

export type ReportFilters = {
  range: RangePreset
  /** the first month, YYYY-MM */
  from: string
  /** the last month, YYYY-MM */
  to: string
  accountIds: string[]
  categoryIds: string[]
  memberIds: string[]
}

const KEYS = {
  range: 'range',
  from: 'from',
  to: 'to',
  accountIds: 'accounts',
  categoryIds: 'categories',
  memberIds: 'members',
} as const

const ID = /^[0-9a-f-]{36}$/i
/** the categories filter's "no category" */
export const UNCATEGORIZED = 'uncategorized'
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/
/** the API's longest range */
export const MAX_MONTHS = 120
/** at most this many ids per list in the URL (the API's lists are bounded too) */
export const MAX_IDS = 50

function ids(value: string | null, also: readonly string[] = []): string[] {
  if (value === null) return []
  const list = value.split(',').filter((v) => ID.test(v) || also.includes(v))
  return [...new Set(list)].slice(0, MAX_IDS)
}

/** The months of a preset on `today`: whole months ending with this one, or this year's. */
export function presetRange(range: Exclude<RangePreset, 'custom'>, today: IsoDate) {
  const to = today.slice(0, 7)
  if (range === 'ytd') return { from: `${today.slice(0, 4)}-01`, to }
  const months = range === '12m' ? 12 : 24
  return { from: addMonths(startOfMonth(today), 1 - months).slice(0, 7), to }
}

/** A month (YYYY-MM) from a month or a date in it, or null. */
export function asMonth(value: string | null): string | null {
  if (value === null) return null
  if (MONTH.test(value)) return value
  return isIsoDate(value) ? value.slice(0, 7) : null
}

/** The filters the URL holds; a custom range with a missing or reversed date falls back to 12 months. */
export function readReportFilters(params: URLSearchParams, today: IsoDate): ReportFilters {
  const preset = RANGE_PRESETS.find((r) => r === params.get(KEYS.range)) ?? '12m'
  const lists = {
    accountIds: ids(params.get(KEYS.accountIds)),
    categoryIds: ids(params.get(KEYS.categoryIds), [UNCATEGORIZED]),
    memberIds: ids(params.get(KEYS.memberIds)),
  }
  if (preset === 'custom') {
    const from = asMonth(params.get(KEYS.from))
    const to = asMonth(params.get(KEYS.to))
    if (from !== null && to !== null && from <= to && monthsOf(from, to).length <= MAX_MONTHS)
      return { range: 'custom', from, to, ...lists }
  }
  const range = preset === 'custom' ? '12m' : preset
  return { range, ...presetRange(range, today), ...lists }
}

/** Each month (YYYY-MM) from `from` to `to`, both included. */
export function monthsOf(from: string, to: string): string[] {
  const out: string[] = []
  for (let m = `${from}-01`; m.slice(0, 7) <= to && out.length <= MAX_MONTHS; m = addMonths(m, 1))
    out.push(m.slice(0, 7))
  return out
}

/** The first and last day of the months from `from` to `to` (YYYY-MM; `to` defaults to `from`). */
export function monthDays(from: string, to: string = from): { from: IsoDate; to: IsoDate } {
  return { from: `${from}-01`, to: endOfMonth(`${to}-01`) }
}

export type FiltersPatch = Partial<Omit<ReportFilters, 'range'>> & { range?: RangePreset }

export function useReportFilters(today: IsoDate): {
  filters: ReportFilters
  setFilters: (patch: FiltersPatch) => void
  clearFilters: () => void
  /** true when accounts, categories or members narrow the reports */
  narrowed: boolean
} {
  const [params, setParams] = useSearchParams()
  const filters = useMemo(() => readReportFilters(params, today), [params, today])
  const setFilters = useCallback(
    (patch: FiltersPatch) => {
      setParams(
        (prev) => {
          const next = new URLSearchParams(prev)
          const current = readReportFilters(prev, today)
          const datesMoved = patch.from !== undefined || patch.to !== undefined
          const range: RangePreset | undefined = patch.range ?? (datesMoved ? 'custom' : undefined)
          if (range === 'custom') {
            // a custom range starts from what was shown, and moving one end past the other
            // moves both, so the range never turns invalid under the user's hands
            let from = asMonth(patch.from ?? null) ?? current.from
            let to = asMonth(patch.to ?? null) ?? current.to
            if (from > to) {
              if (patch.from !== undefined) to = from
              else from = to
            }
            next.set(KEYS.range, 'custom')
            next.set(KEYS.from, from)
            next.set(KEYS.to, to)
          } else if (range !== undefined) {
            if (range === '12m') next.delete(KEYS.range)
            else next.set(KEYS.range, range)
            next.delete(KEYS.from)
            next.delete(KEYS.to)
          }
          for (const key of ['accountIds', 'categoryIds', 'memberIds'] as const) {
            const list = patch[key]
            if (list === undefined) continue
            if (list.length === 0) next.delete(KEYS[key])
            else next.set(KEYS[key], list.join(','))
          }
          return next
        },
        { replace: true },
      )
    },
    [setParams, today],
  )
  const clearFilters = useCallback(() => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev)
        for (const key of [KEYS.accountIds, KEYS.categoryIds, KEYS.memberIds]) next.delete(key)
        return next
      },
      { replace: true },
    )
  }, [setParams])
  const narrowed =
    filters.accountIds.length + filters.categoryIds.length + filters.memberIds.length > 0
  return { filters, setFilters, clearFilters, narrowed }
}
