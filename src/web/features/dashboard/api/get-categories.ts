// GET /api/categories: names for the categories of recent transactions.
import { useQuery } from '@tanstack/react-query'
import { listCategories } from '../../../../contract/categories'
import { callEndpoint } from '../../../lib/api'
import { dashboardKeys } from './dashboard-keys'

export function useCategories() {
  return useQuery({
    queryKey: dashboardKeys.categories(),
    queryFn: ({ signal }) => callEndpoint(listCategories, { signal }),
  })
}
