// GET /api/subscription/info (only when signed in): the household's plan, its features and
// limits, the plans on offer, and whether card billing is set up and who may change the plan.
// The app shell reads it too, for the failed-payment banner every member sees.
import { useQuery } from '@tanstack/react-query'
import { getSubscriptionInfo } from '#src/contract/subscription'
import { callEndpoint } from '#src/web/lib/api'

export const subscriptionKeys = {
  all: ['/api/subscription'] as const,
  info: () => ['/api/subscription', 'info'] as const,
}

export function useSubscriptionInfo(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.info(),
    queryFn: ({ signal }) => callEndpoint(getSubscriptionInfo, { signal }),
    enabled,
  })
}
