// GET /api/categories: names for the categories of recent transactions.
// The shared query (lib/queries), asked after the first paint like every card's.
import { useQuery } from '@tanstack/react-query'
import { afterFirstPaintQuery } from '#src/web/lib/after-paint'
import { categoriesQuery as shared } from '#src/web/lib/queries/categories'

export const categoriesQuery = afterFirstPaintQuery(shared)

export function useCategories() {
  return useQuery(categoriesQuery)
}
