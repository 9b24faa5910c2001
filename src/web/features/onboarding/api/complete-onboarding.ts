// POST /api/user/onboarding-complete. Whatever the answer, the user leaves onboarding
// (docs/product.md §4): the cached user is marked as onboarded, from the server's reply or locally
// when it failed.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { completeOnboarding, type User } from '#src/contract/auth'
import { callEndpoint } from '#src/web/lib/api'
import { USER_QUERY_KEY } from '#src/web/lib/auth'

export function useCompleteOnboarding() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(completeOnboarding),
    onSuccess: (user) => queryClient.setQueryData(USER_QUERY_KEY, user),
    onError: () =>
      queryClient.setQueryData<User | null>(USER_QUERY_KEY, (user) =>
        user ? { ...user, hasCompletedOnboarding: true } : user,
      ),
  })
}
