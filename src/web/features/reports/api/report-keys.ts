// Query keys of the reports: under the '/api/reports' root, which every ledger write refreshes
// (lib/query-keys' LEDGER_ROOTS), so a report is never older than the transactions it counts.
import { API_ROOTS } from '#src/web/lib/query-keys'

export type ReportName =
  'cash-flow' | 'net-worth' | 'spending-by-category' | 'sankey' | 'top-merchants'

export const reportKeys = {
  all: [API_ROOTS.reports] as const,
  report: (name: ReportName, query: Record<string, string | number>) =>
    [API_ROOTS.reports, name, query] as const,
}
