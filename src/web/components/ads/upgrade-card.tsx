// The "Upgrade to Premium" card free users see (docs/product.md §2 Dashboard).
import { Check, Gem } from 'lucide-react'
import { Link } from 'react-router'
import { PLAN_PRICES } from '#src/domain/tiers'
import { Button } from '../ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '../ui/card'
import { AD_SLOT_ATTRIBUTE } from './use-ad-eligibility'

const PERKS = [
  'No ads',
  'Bank connections',
  'AI advisor and coaching',
  'Smart insights and automation',
]

export function UpgradeCard() {
  const attrs = { [AD_SLOT_ATTRIBUTE]: '' }
  return (
    <Card {...attrs} data-testid="upgrade-card" className="border-primary/30 bg-accent/40">
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Gem className="size-4 text-primary" aria-hidden="true" />
          Upgrade to Premium
        </CardTitle>
      </CardHeader>
      <CardContent className="space-y-4">
        <ul className="grid gap-1.5 text-sm sm:grid-cols-2">
          {PERKS.map((perk) => (
            <li key={perk} className="flex items-center gap-2">
              <Check className="size-4 shrink-0 text-primary" aria-hidden="true" />
              {perk}
            </li>
          ))}
        </ul>
        <div className="flex flex-wrap items-center justify-between gap-3">
          <p className="text-sm text-muted-foreground">
            <span className="money text-lg font-semibold text-foreground">
              ${PLAN_PRICES.premium}
            </span>
            /month, or Basic for ${PLAN_PRICES.basic}/month
          </p>
          <Button asChild>
            <Link to="/subscription">Upgrade to Premium</Link>
          </Button>
        </div>
      </CardContent>
    </Card>
  )
}
