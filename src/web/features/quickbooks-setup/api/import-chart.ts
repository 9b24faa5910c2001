// PUT /api/quickbooks/chart: replace the chart of accounts with a typed list or the text of a
// chart QuickBooks exported (IIF or CSV). Suggestions and mappings follow the chart.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { importChart, type importChartBody } from '#src/contract/quickbooks'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

export type ChartUpload = z.input<typeof importChartBody>

export function useImportChart() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: ChartUpload) => callEndpoint(importChart, { body }),
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.quickbooks]),
  })
}
