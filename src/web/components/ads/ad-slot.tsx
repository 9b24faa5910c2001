// An ad slot for free users (docs/product.md §1, §5): the configured ad network's unit, or, with no
// network configured, a quiet house ad for Premium. Renders nothing when the page is not eligible.
import { Gem } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { PLAN_PRICES } from '#src/domain/tiers'
import { useAppConfig } from '#src/web/lib/app-config'
import { cn } from '#src/web/lib/cn'
import { Button } from '../ui/button'
import { AD_SLOT_ATTRIBUTE } from './use-ad-eligibility'

const AD_SCRIPT_ID = 'kw-ad-network'

function loadNetworkScript(clientId: string): void {
  if (document.getElementById(AD_SCRIPT_ID)) return
  const script = document.createElement('script')
  script.id = AD_SCRIPT_ID
  script.async = true
  script.crossOrigin = 'anonymous'
  script.src = `https://pagead2.googlesyndication.com/pagead/js/adsbygoogle.js?client=${encodeURIComponent(clientId)}`
  document.head.appendChild(script)
}

function NetworkAd({ clientId }: { clientId: string }) {
  const pushed = useRef(false)
  useEffect(() => {
    loadNetworkScript(clientId)
    if (pushed.current) return
    pushed.current = true
    const queue: unknown = Reflect.get(window, 'adsbygoogle')
    const list: unknown[] = Array.isArray(queue) ? queue : []
    Reflect.set(window, 'adsbygoogle', list)
    list.push({})
  }, [clientId])
  return (
    <ins
      className="adsbygoogle block min-h-24"
      data-ad-client={clientId}
      data-ad-format="auto"
      data-full-width-responsive="true"
    />
  )
}

function HouseAd() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="flex items-start gap-3">
        <span className="inline-flex size-9 shrink-0 items-center justify-center rounded-lg bg-accent text-accent-foreground">
          <Gem className="size-4" aria-hidden="true" />
        </span>
        <div>
          <p className="text-sm font-semibold">Kinwise Premium: no ads, more insight</p>
          <p className="text-sm text-muted-foreground">
            Bank connections, the AI advisor and smart insights for ${PLAN_PRICES.premium}/month.
          </p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm">
        <Link to="/subscription">See plans</Link>
      </Button>
    </div>
  )
}

export function AdSlot({
  eligible,
  networkOnly = false,
  className,
}: {
  eligible: boolean
  /** a second slot on the page: shown for the ad network only, so the house ad appears once */
  networkOnly?: boolean
  className?: string
}) {
  const { config, isLoading } = useAppConfig()
  if (!eligible || isLoading) return null
  if (networkOnly && !config?.adsClientId) return null
  const attrs = { [AD_SLOT_ATTRIBUTE]: '' }
  return (
    <aside
      {...attrs}
      aria-label="Advertisement"
      data-testid="ad-slot"
      className={cn('rounded-xl border border-dashed bg-card/70 p-4', className)}
    >
      <p className="mb-2 text-[0.6875rem] font-medium tracking-wide text-muted-foreground uppercase">
        Advertisement
      </p>
      {config?.adsClientId ? <NetworkAd clientId={config.adsClientId} /> : <HouseAd />}
    </aside>
  )
}
