// GET /api/categories: names for the categories of recent transactions.
import { queryOptions, useQuery } from '@tanstack/react-query'
import { listCategories } from '../../../../contract/categories'
import { afterFirstPaint } from '../../../lib/after-paint'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export const categoriesQuery = queryOptions({
  queryKey: dashboardKeys.categories(),
  queryFn: async ({ signal }) => {
    await afterFirstPaint()
    return callEndpoint(listCategories, { signal })
  },
})

export function useCategories() {
  return useQuery(categoriesQuery)
}
