// GET /api/categories: names for the categories of recent transactions.
import { useQuery } from '@tanstack/react-query'
import { listCategories } from '../../../../contract/categories'
import { afterFirstPaint } from '../../../lib/after-paint'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export function useCategories() {
  return useQuery({
    queryKey: dashboardKeys.categories(),
    queryFn: async ({ signal }) => {
      await afterFirstPaint()
      return callEndpoint(listCategories, { signal })
    },
  })
}
