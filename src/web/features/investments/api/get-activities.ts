// GET /api/investments/activities, newest first, in pages over the keyset cursor the server
// answers in X-Next-Cursor ("Show more" asks for the next page).
import { useInfiniteQuery } from '@tanstack/react-query'
import { listActivities } from '#src/contract/investments'
import { callEndpointPage } from '#src/web/lib/api'
import { accountIdOf, investmentKeys, type AccountScope } from './investment-keys'

export const ACTIVITY_PAGE_SIZE = 50

export function useActivityPages(scope: AccountScope, enabled: boolean) {
  return useInfiniteQuery({
    queryKey: investmentKeys.activities(scope),
    queryFn: ({ pageParam, signal }) =>
      callEndpointPage(listActivities, {
        query: { accountId: accountIdOf(scope), limit: ACTIVITY_PAGE_SIZE, cursor: pageParam },
        signal,
      }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
    enabled,
  })
}
