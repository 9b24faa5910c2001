// GET /api/categories, shared by every page that picks or names a category (the dashboard's too,
// so they share one cache entry), with the helpers that put them in order: parents, each followed
// by its children.
import { queryOptions } from '@tanstack/react-query'
import { listCategories, type Category } from '#src/contract/categories'
import { callEndpoint } from '../api'
import { API_ROOTS } from '../query-keys'

export const categoriesQuery = queryOptions({
  queryKey: [API_ROOTS.categories] as const,
  queryFn: ({ signal }) => callEndpoint(listCategories, { signal }),
})

export type CategoryOption = { id: string; label: string; depth: 0 | 1; category: Category }

const byName = (a: Category, b: Category) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' })

/** Parents in name order, each followed by its children; hidden ones left out unless asked. */
export function categoryOptions(
  categories: readonly Category[],
  { includeHidden = false, kind }: { includeHidden?: boolean; kind?: Category['kind'] } = {},
): CategoryOption[] {
  const visible = categories.filter(
    (c) => (includeHidden || !c.isHidden) && (kind === undefined || c.kind === kind),
  )
  const ids = new Set(visible.map((c) => c.id))
  const parents = visible.filter((c) => c.parentId === null || !ids.has(c.parentId)).sort(byName)
  return parents.flatMap((p) => [
    { id: p.id, label: p.name, depth: 0 as const, category: p },
    ...visible
      .filter((c) => c.parentId === p.id)
      .sort(byName)
      .map((c) => ({ id: c.id, label: c.name, depth: 1 as const, category: c })),
  ])
}
