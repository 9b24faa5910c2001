// GET /api/subscription/info (only when signed in): the user's tier, its features and limits,
// and the plans on offer.
import { useQuery } from '@tanstack/react-query'
import { getSubscriptionInfo } from '../../../../contract/subscription'
import { callEndpoint } from '../../../lib/api'

export const subscriptionKeys = {
  info: () => ['/api/subscription/info'] as const,
}

export function useSubscriptionInfo(enabled: boolean) {
  return useQuery({
    queryKey: subscriptionKeys.info(),
    queryFn: ({ signal }) => callEndpoint(getSubscriptionInfo, { signal }),
    enabled,
  })
}
