// The reports (GET /api/reports/*) for the filters in the URL. Each answer comes with the
// currency its amounts are in (X-Report-Currency) and the currencies that had no exchange rate
// (X-Missing-Rates), which callEndpoint does not hand back: the call here reads them too.
import { useQuery } from '@tanstack/react-query'
import {
  getCashFlow,
  getNetWorthHistory,
  getSankey,
  getSpendingByCategory,
  getTopMerchants,
  MISSING_RATES_HEADER,
  REPORT_CURRENCY_HEADER,
} from '#src/contract/reports'
import type { EndpointDef, EndpointOutput } from '#src/contract/endpoint'
import { endpointUrl } from '#src/web/lib/api'
import type { ReportFilters } from '../report-filters'
import { reportKeys, type ReportName } from './report-keys'

export type ReportAnswer<T> = {
  rows: T
  /** the currency of the amounts (the household's base), or null when the server did not say */
  currency: string | null
  /** currencies without an exchange rate: figures that needed them are missing */
  missingRates: string[]
}

/** The query string every report shares (lists comma-separated; empty ones left out). */
export function reportQuery(filters: ReportFilters): Record<string, string> {
  const query: Record<string, string> = { from: filters.from, to: filters.to }
  if (filters.accountIds.length > 0) query.accountIds = filters.accountIds.join(',')
  if (filters.categoryIds.length > 0) query.categoryIds = filters.categoryIds.join(',')
  if (filters.memberIds.length > 0) query.memberIds = filters.memberIds.join(',')
  return query
}

async function callReport<E extends EndpointDef>(
  def: E,
  query: Record<string, string | number>,
  signal: AbortSignal,
): Promise<ReportAnswer<EndpointOutput<E>>> {
  const res = await fetch(endpointUrl(def, { query }), { credentials: 'include', signal })
  if (!res.ok) {
    // the same "<status>: <text>" error as every other call, so errorMessage reads it
    throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`)
  }
  const json: unknown = await res.json()
  const missing = res.headers.get(MISSING_RATES_HEADER) ?? ''
  if (def.response === null) throw new Error('A report always answers a body')
  return {
    rows: def.response.parse(json) as EndpointOutput<E>,
    currency: res.headers.get(REPORT_CURRENCY_HEADER),
    missingRates: missing
      .split(',')
      .map((c) => c.trim())
      .filter((c) => c !== ''),
  }
}

const ENDPOINTS = {
  'cash-flow': getCashFlow,
  'net-worth': getNetWorthHistory,
  'spending-by-category': getSpendingByCategory,
  sankey: getSankey,
  'top-merchants': getTopMerchants,
} as const satisfies Record<ReportName, EndpointDef>

type Endpoints = typeof ENDPOINTS

export function useReport<N extends ReportName>(
  name: N,
  filters: ReportFilters,
  extra: Record<string, number | string> = {},
) {
  const query = { ...reportQuery(filters), ...extra }
  return useQuery({
    queryKey: reportKeys.report(name, query),
    queryFn: ({ signal }) => callReport<Endpoints[N]>(ENDPOINTS[name], query, signal),
    // a new filter keeps the previous chart until its answer arrives, rather than a flash
    placeholderData: (previous) => previous,
  })
}

export type CashFlowAnswer = ReportAnswer<EndpointOutput<typeof getCashFlow>>
export type NetWorthAnswer = ReportAnswer<EndpointOutput<typeof getNetWorthHistory>>
export type SpendingAnswer = ReportAnswer<EndpointOutput<typeof getSpendingByCategory>>
export type SankeyAnswer = ReportAnswer<EndpointOutput<typeof getSankey>>
export type MerchantsAnswer = ReportAnswer<EndpointOutput<typeof getTopMerchants>>
