// Query keys of the Smart Insights page: URL parts under '/api/insights', so a write anywhere
// that invalidates the insights root refreshes every section of the page.
import type { ForecastDays } from '#src/domain/insights/kinds'
import { API_ROOTS } from '#src/web/lib/query-keys'

export const insightKeys = {
  all: [API_ROOTS.insights] as const,
  feed: [API_ROOTS.insights, 'feed'] as const,
  /** where the household's insight job stands (polled while it runs) */
  refresh: [API_ROOTS.insights, 'refresh'] as const,
  suggestions: [API_ROOTS.insights, 'category-suggestions'] as const,
  recurring: [API_ROOTS.insights, 'recurring'] as const,
  anomalies: [API_ROOTS.insights, 'anomalies'] as const,
  forecast: (days: ForecastDays) => [API_ROOTS.insights, 'forecast', days] as const,
}
