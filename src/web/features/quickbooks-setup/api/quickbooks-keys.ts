// Query keys of the QuickBooks setup page, under the '/api/quickbooks' root: the settings (with
// the chart), the mappings and the export log. A new chart changes the suggestions and may drop
// mappings, so chart writes refresh the whole root.
import { API_ROOTS } from '#src/web/lib/query-keys'

const root = API_ROOTS.quickbooks

export const quickbooksKeys = {
  all: [root] as const,
  settings: [`${root}/settings`] as const,
  mappings: [`${root}/mappings`] as const,
  exports: [`${root}/exports`] as const,
}
