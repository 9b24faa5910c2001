// The owner's ways to Stripe: POST /api/subscription/checkout {plan} (a new paid plan) and POST
// /api/subscription/portal (change, downgrade, cancel, update the card). Both answer a Stripe
// page to go to; the plan itself changes only when Stripe's webhook confirms it.
import { useMutation } from '@tanstack/react-query'
import { openPortal, startCheckout } from '#src/contract/subscription'
import { callEndpoint } from '#src/web/lib/api'

export type PaidPlan = 'basic' | 'premium'

/** Leaves the app for Stripe's page (a full navigation: Stripe's pages are not ours). */
function goTo(url: string): void {
  window.location.assign(url)
}

export function useStartCheckout() {
  return useMutation({
    mutationFn: (plan: PaidPlan) => callEndpoint(startCheckout, { body: { plan } }),
    onSuccess: ({ url }) => goTo(url),
  })
}

export function useOpenPortal() {
  return useMutation({
    mutationFn: () => callEndpoint(openPortal, {}),
    onSuccess: ({ url }) => goTo(url),
  })
}
