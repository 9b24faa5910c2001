// The performance ranges of the investments page (1M, YTD, 1Y, 5Y, All): the API works out
// their dates against the member's today (contract/investments PERFORMANCE_RANGES); the page
// names them.
import type { PERFORMANCE_RANGES } from '#src/contract/investments'

export type RangeId = (typeof PERFORMANCE_RANGES)[number]

export const RANGE_OPTIONS: readonly { id: RangeId; label: string; name: string }[] = [
  { id: '1M', label: '1M', name: 'the last month' },
  { id: 'YTD', label: 'YTD', name: 'this year so far' },
  { id: '1Y', label: '1Y', name: 'the last year' },
  { id: '5Y', label: '5Y', name: 'the last five years' },
  { id: 'all', label: 'All', name: 'all time' },
]

export function rangeName(range: RangeId): string {
  return RANGE_OPTIONS.find((r) => r.id === range)?.name ?? 'this period'
}
