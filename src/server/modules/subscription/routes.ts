// Subscription endpoints (docs/product.md §7): the plan's information, Stripe Checkout and the
// customer portal (owner only), and Stripe's webhook, which reads its body raw for the signature.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import * as contract from '#src/contract/subscription'
import type { AppDeps } from '#src/server/app-deps'
import { route } from '#src/server/http/route'
import { BillingProviderError } from '#src/server/integrations/billing/billing-provider'
import { billingUnavailable, openPortal, startCheckout, subscriptionInfo } from './service'
import { handleStripeWebhook } from './webhook'

type WebhookAnswer = { ok: true; duplicate?: boolean }

/** The address Stripe sends the browser back to: PUBLIC_URL, else the address the request came to. */
function baseUrl(deps: AppDeps, req: FastifyRequest): string {
  return deps.config.publicUrl ?? `${req.protocol}://${req.host}`
}

/** A failed call to Stripe is a 502 that says to try again, logged with Stripe's reason. */
async function callingStripe<T>(req: FastifyRequest, work: () => Promise<T>): Promise<T> {
  try {
    return await work()
  } catch (error) {
    if (error instanceof BillingProviderError) {
      req.log.warn({ err: error }, 'card billing call failed')
      throw billingUnavailable()
    }
    throw error
  }
}

export function subscriptionRoutes(app: FastifyInstance, deps: AppDeps): void {
  route(app, contract.getSubscriptionInfo, async ({ user }) => subscriptionInfo(deps, user))

  route(app, contract.startCheckout, async ({ user, body, req }) =>
    callingStripe(req, () => startCheckout(deps, user, body.plan, baseUrl(deps, req))),
  )

  route(app, contract.openPortal, async ({ user, req }) => callingStripe(req, () => openPortal(deps, user, baseUrl(deps, req))))

  // the signature covers the exact bytes Stripe sent: in this scope every body stays a Buffer
  void app.register(async (raw) => {
    raw.removeAllContentTypeParsers()
    raw.addContentTypeParser('*', { parseAs: 'buffer' }, (_req, body, done) => done(null, body))
    route(raw, contract.stripeWebhook, async ({ req }) => {
      const body = Buffer.isBuffer(req.body) ? req.body : Buffer.alloc(0)
      const header = req.headers['stripe-signature']
      const result = await callingStripe(req, () =>
        handleStripeWebhook(deps, body, typeof header === 'string' ? header : undefined),
      )
      req.log.info(result, 'stripe event')
      return { ok: true, ...(result.outcome === 'duplicate' ? { duplicate: true } : {}) } satisfies WebhookAnswer
    })
  })
}
