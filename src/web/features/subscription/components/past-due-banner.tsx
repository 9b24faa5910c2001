// The failed-payment banner: while the household's card payment is past due, every
// member is told the plan holds until the end of the grace period. The owner is asked to update
// the card (Manage billing opens Stripe's portal); the others get a softer note, since only the
// owner can act. Shown on the Subscription page and, through BillingBannerSlot, in the app shell.
import { CreditCard, TriangleAlert } from 'lucide-react'
import { useEffect, useState } from 'react'
import { useLocation } from 'react-router'
import type { SubscriptionInfo } from '#src/contract/subscription'
import { tierLabel } from '#src/domain/tiers'
import { Button } from '#src/web/components/ui/button'
import { afterFirstPaint } from '#src/web/lib/after-paint'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE } from '#src/web/lib/format'
import { useOpenPortal } from '../api/billing'
import { useSubscriptionInfo } from '../api/get-subscription-info'

/** "December 1, 2026" in the member's language and time zone; the raw text if unreadable. */
export function graceDate(iso: string, locale: string, timeZone: string | undefined): string {
  const date = new Date(iso)
  if (Number.isNaN(date.getTime())) return iso
  try {
    return new Intl.DateTimeFormat(locale, {
      month: 'long',
      day: 'numeric',
      year: 'numeric',
      timeZone,
    }).format(date)
  } catch {
    return date.toISOString().slice(0, 10)
  }
}

/** What the banner says: to the owner, what to do by when; to the others, that all is well
 *  for now. Once the grace period is over the household is on Free (its effective plan). */
function PastDueWords({ info, until }: { info: SubscriptionInfo; until: string | null }) {
  const plan = tierLabel(info.tier)
  const lapsed = info.tier === 'free'
  if (info.canManage) {
    return lapsed ? (
      <>
        <p className="font-semibold">
          Payment failed — the household is on the Free plan until a payment goes through
        </p>
        <p className="text-foreground/80">
          Update your card and everyone gets the paid plan’s features back as soon as Stripe
          confirms the payment.
        </p>
      </>
    ) : (
      <>
        <p className="font-semibold">
          Payment failed — update your card{until === null ? ' soon' : ` by ${until}`} to keep{' '}
          {plan}
        </p>
        <p className="text-foreground/80">
          Stripe will try again. Until then everyone in the household keeps {plan}; after that the
          household moves to the Free plan until a payment goes through.
        </p>
      </>
    )
  }
  return lapsed ? (
    <>
      <p className="font-semibold">The household’s last payment did not go through</p>
      <p className="text-foreground/80">
        The household is on the Free plan for now. Its owner has been asked to update the card.
      </p>
    </>
  ) : (
    <>
      <p className="font-semibold">The household’s last payment did not go through</p>
      <p className="text-foreground/80">
        Everything works as usual{until === null ? '' : ` until ${until}`}. The household’s owner
        has been asked to update the card; there is nothing you need to do.
      </p>
    </>
  )
}

export function PastDueBanner({ info }: { info: SubscriptionInfo }) {
  const { user } = useAuth()
  const portal = useOpenPortal()
  if (info.billingStatus !== 'past_due') return null
  const until =
    info.graceUntil === null
      ? null
      : graceDate(info.graceUntil, user?.locale ?? DEFAULT_LOCALE, user?.timeZone)
  return (
    <div
      role="status"
      data-testid="past-due-banner"
      className="flex flex-col gap-3 rounded-lg border border-warning/40 bg-warning-surface p-3 text-sm text-warning sm:flex-row sm:items-center"
    >
      <TriangleAlert className="hidden size-5 shrink-0 sm:block" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-0.5">
        <PastDueWords info={info} until={until} />
        {portal.error && (
          <p className="font-medium text-negative">
            Stripe could not be opened: {errorMessage(portal.error)}
          </p>
        )}
      </div>
      {info.canManage && info.billingEnabled && (
        <Button
          size="sm"
          variant="outline"
          className="self-start sm:self-center"
          disabled={portal.isPending}
          onClick={() => portal.mutate()}
        >
          <CreditCard aria-hidden="true" />
          {portal.isPending ? 'Opening Stripe…' : 'Manage billing'}
        </Button>
      )}
    </div>
  )
}

/**
 * The banner in the app shell: on every page but the Subscription page, which shows its own. It
 * asks after the page's first paint, so the page's own calls go first.
 */
export function BillingBannerSlot() {
  const { pathname } = useLocation()
  const { user } = useAuth()
  const [painted, setPainted] = useState(false)
  useEffect(() => {
    let live = true
    void afterFirstPaint().then(() => {
      if (live) setPainted(true)
    })
    return () => {
      live = false
    }
  }, [])
  const info = useSubscriptionInfo(user !== null && painted)
  if (info.data === undefined || pathname.startsWith('/subscription')) return null
  if (info.data.billingStatus !== 'past_due') return null
  return (
    <div className="px-4 pt-4 sm:px-6">
      <div className="mx-auto w-full max-w-7xl">
        <PastDueBanner info={info.data} />
      </div>
    </div>
  )
}
