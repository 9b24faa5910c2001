// GET /api/imports: past imports, newest first, a page at a time (the next cursor comes in the
// X-Next-Cursor header).
import { useInfiniteQuery } from '@tanstack/react-query'
import { listImports } from '#src/contract/imports'
import { callEndpointPage } from '#src/web/lib/api'
import { importKeys } from './import-keys'

export const IMPORTS_PAGE_SIZE = 20

export function usePastImports() {
  return useInfiniteQuery({
    queryKey: importKeys.list(),
    queryFn: ({ pageParam, signal }) =>
      callEndpointPage(listImports, {
        query: { limit: IMPORTS_PAGE_SIZE, cursor: pageParam ?? undefined },
        signal,
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.nextCursor,
  })
}
