// The reads of the Smart Insights page: the insight feed (GET /api/insights), category
// suggestions, recurring payments, unusual transactions and months, and the cash-flow forecast
// for 30, 60 or 90 days (kept on screen while another length loads), and where the household's
// insight job stands (polled every second while it is queued or running).
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import {
  getForecast,
  getInsightRefresh,
  listAnomalies,
  listCategorySuggestions,
  listInsights,
  listRecurring,
} from '#src/contract/insights'
import type { ForecastDays } from '#src/domain/insights/kinds'
import { callEndpoint } from '#src/web/lib/api'
import { isRefreshing } from '../insight-format'
import { insightKeys } from './insight-keys'

/** How often the page asks where a Refresh stands while it runs. */
const REFRESH_POLL_MS = 1000

export function useRefreshStatus(enabled: boolean) {
  return useQuery({
    queryKey: insightKeys.refresh,
    queryFn: ({ signal }) => callEndpoint(getInsightRefresh, { signal }),
    refetchInterval: (query) =>
      query.state.data && isRefreshing(query.state.data.status) ? REFRESH_POLL_MS : false,
    enabled,
  })
}

export function useInsightFeed(enabled: boolean) {
  return useQuery({
    queryKey: insightKeys.feed,
    queryFn: ({ signal }) => callEndpoint(listInsights, { signal }),
    enabled,
  })
}

export function useCategorySuggestions(enabled: boolean) {
  return useQuery({
    queryKey: insightKeys.suggestions,
    queryFn: ({ signal }) =>
      callEndpoint(listCategorySuggestions, { signal, query: { limit: 100, minConfidence: 0 } }),
    enabled,
  })
}

export function useRecurring(enabled: boolean) {
  return useQuery({
    queryKey: insightKeys.recurring,
    queryFn: ({ signal }) => callEndpoint(listRecurring, { signal }),
    enabled,
  })
}

export function useAnomalies(enabled: boolean) {
  return useQuery({
    queryKey: insightKeys.anomalies,
    queryFn: ({ signal }) => callEndpoint(listAnomalies, { signal }),
    enabled,
  })
}

export function useForecast(days: ForecastDays, enabled: boolean) {
  return useQuery({
    queryKey: insightKeys.forecast(days),
    queryFn: ({ signal }) => callEndpoint(getForecast, { signal, query: { days } }),
    placeholderData: keepPreviousData,
    enabled,
  })
}
