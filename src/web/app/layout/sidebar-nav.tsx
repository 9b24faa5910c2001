// The sidebar's menu (docs/product.md §2, §5): the items the member's role can use, each with its
// premium mark, premium items disabled when the household's plan does not include them, the
// active route highlighted, and the unread badge on Reminders.
// Shared by the desktop sidebar and the mobile menu drawer (both download it when they are
// first shown), with the provider of its tooltips (700 ms, docs/product.md §9).
import { Crown, Gem, Lock } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import type { Role } from '#src/domain/access'
import type { SubscriptionTier } from '#src/domain/tiers'
import { isPremiumOnly } from '#src/domain/tiers'
import { unreadBadgeText } from '#src/domain/badge'
import { Badge } from '#src/web/components/ui/badge'
import {
  Tooltip,
  TooltipContent,
  TooltipProvider,
  TooltipTrigger,
} from '#src/web/components/ui/tooltip'
import { cn } from '#src/web/lib/cn'
import { SIDEBAR_POLL_MS, useUnreadCount } from '#src/web/features/notifications/api/get-unread-count'
import {
  isActivePath,
  navItemMark,
  navItemsFor,
  SIDEBAR_ITEMS,
  SIDEBAR_SECONDARY_ITEMS,
  type NavItem,
} from '../navigation'

const itemClass =
  'group flex h-9 items-center gap-3 rounded-md px-3 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring'

/** The premium mark: a small gem (a lock when the plan does not include the item). */
function PremiumMark({ locked = false }: { locked?: boolean }) {
  const Icon = locked ? Lock : Gem
  return (
    <span
      className={cn(
        'ml-auto inline-flex size-5 shrink-0 items-center justify-center rounded-full',
        locked ? 'text-muted-foreground' : 'bg-accent text-accent-foreground',
      )}
      title={locked ? undefined : 'Premium'}
    >
      <Icon className="size-3" aria-hidden="true" />
      <span className="sr-only">
        {locked ? ' (Premium: available on the Basic and Premium plans)' : ' (Premium)'}
      </span>
    </span>
  )
}

function ItemLink({
  item,
  active,
  unread,
  tier,
  onNavigate,
}: {
  item: NavItem
  active: boolean
  unread: string | null
  tier: SubscriptionTier
  onNavigate?: () => void
}) {
  const Icon = item.icon
  const mark = navItemMark(item, tier)
  if (mark.locked) {
    return (
      <Tooltip>
        <TooltipTrigger asChild>
          <a
            role="link"
            aria-disabled="true"
            tabIndex={0}
            data-premium="true"
            className={cn(itemClass, 'cursor-not-allowed text-muted-foreground/70')}
          >
            <Icon className="size-4 shrink-0" aria-hidden="true" />
            <span className="truncate">{item.label}</span>
            <PremiumMark locked />
          </a>
        </TooltipTrigger>
        <TooltipContent side="right">Available on the Basic and Premium plans</TooltipContent>
      </Tooltip>
    )
  }
  return (
    <Link
      to={item.path}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      data-premium={mark.premium ? 'true' : undefined}
      className={cn(
        itemClass,
        active
          ? 'bg-accent text-accent-foreground'
          : 'text-muted-foreground hover:bg-muted hover:text-foreground',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className="truncate">{item.label}</span>
      {item.premiumOnly === true && isPremiumOnly(tier) && (
        <Crown className="size-3.5 shrink-0 text-warning" aria-label="Premium" />
      )}
      {mark.premium && <PremiumMark />}
      {unread !== null && (
        <Badge
          variant="count"
          className="ml-auto"
          aria-label={`${unread} unread`}
          data-testid="sidebar-unread-badge"
        >
          {unread}
        </Badge>
      )}
    </Link>
  )
}

export function SidebarNav({
  tier,
  role,
  onNavigate,
  label = 'Main',
}: {
  tier: SubscriptionTier
  role: Role
  onNavigate?: () => void
  label?: string
}) {
  const { pathname } = useLocation()
  const { data: count } = useUnreadCount(SIDEBAR_POLL_MS)
  const unread = unreadBadgeText(count ?? 0)
  return (
    <TooltipProvider>
      <nav aria-label={label} className="flex-1 overflow-y-auto px-3 py-2">
        <ul className="space-y-0.5" aria-label="Main menu">
          {navItemsFor(SIDEBAR_ITEMS, role).map((item) => (
            <li key={item.path}>
              <ItemLink
                item={item}
                tier={tier}
                active={isActivePath(item.path, pathname)}
                unread={item.unreadBadge === true ? unread : null}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </ul>
        <p
          id={`${label}-more`}
          className="mt-4 mb-1 px-3 text-[0.6875rem] font-medium tracking-wide text-muted-foreground uppercase"
        >
          Planning and settings
        </p>
        <ul className="space-y-0.5" aria-labelledby={`${label}-more`}>
          {navItemsFor(SIDEBAR_SECONDARY_ITEMS, role).map((item) => (
            <li key={item.path}>
              <ItemLink
                item={item}
                tier={tier}
                active={isActivePath(item.path, pathname)}
                unread={null}
                onNavigate={onNavigate}
              />
            </li>
          ))}
        </ul>
      </nav>
    </TooltipProvider>
  )
}
