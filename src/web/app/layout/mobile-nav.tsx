// The mobile bottom scrolling bar (docs/product.md §2), shown below the lg breakpoint: the items
// the member's role can use, premium ones marked with a gem, and disabled (a lock) when the
// household's plan does not include them (docs/product.md §5), as in the sidebar.
import { Gem, Lock } from 'lucide-react'
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import type { User } from '#src/contract/auth'
import { cn } from '#src/web/lib/cn'
import { isActivePath, MOBILE_ITEMS, navItemMark, navItemsFor } from '../navigation'

const itemClass =
  'relative flex h-16 min-w-[4.5rem] flex-col items-center justify-center gap-1 rounded-md px-2 text-[0.6875rem] font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring'

/** The premium mark at the icon's corner (its words are in the link's name). */
function MobileMark({ locked }: { locked: boolean }) {
  const Icon = locked ? Lock : Gem
  return (
    <span
      aria-hidden="true"
      className={cn(
        'absolute top-2 right-3 inline-flex size-3.5 items-center justify-center rounded-full',
        locked ? 'bg-muted text-muted-foreground' : 'bg-accent text-accent-foreground',
      )}
    >
      <Icon className="size-2.5" />
    </span>
  )
}

/** The name a screen reader gives a premium item: the label keeps its place first. */
function premiumName(label: string, locked: boolean): string {
  return locked
    ? `${label} (Premium: available on the Basic and Premium plans)`
    : `${label} (Premium)`
}

export function MobileNav({ user }: { user: User }) {
  const { pathname } = useLocation()
  const activeRef = useRef<HTMLAnchorElement>(null)
  const listRef = useRef<HTMLUListElement>(null)
  // bring the active item into view when it is not: an observer tells after the browser's own
  // layout, where asking the element straight away would force a layout of the whole new page
  useEffect(() => {
    const item = activeRef.current
    if (item === null || typeof IntersectionObserver !== 'function') return
    const observer = new IntersectionObserver(
      ([entry]) => {
        observer.disconnect()
        const shown = entry !== undefined && entry.boundingClientRect.width > 0
        if (shown && entry.intersectionRatio < 1) {
          item.scrollIntoView({ block: 'nearest', inline: 'center' })
        }
      },
      { root: listRef.current, threshold: 1 },
    )
    observer.observe(item)
    return () => observer.disconnect()
  }, [pathname])
  return (
    <nav
      aria-label="Mobile"
      data-testid="mobile-nav"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur lg:hidden"
    >
      <ul
        ref={listRef}
        className="scrollbar-none flex overflow-x-auto px-1 [mask-image:linear-gradient(to_right,black_88%,transparent)]"
      >
        {navItemsFor(MOBILE_ITEMS, user.role).map((item) => {
          const Icon = item.icon
          const active = isActivePath(item.path, pathname)
          const mark = navItemMark(item, user.subscriptionTier)
          if (mark.locked) {
            return (
              <li key={item.path} className="shrink-0">
                <a
                  role="link"
                  aria-disabled="true"
                  tabIndex={0}
                  data-premium="true"
                  aria-label={premiumName(item.label, true)}
                  title="Available on the Basic and Premium plans"
                  className={cn(itemClass, 'cursor-not-allowed text-muted-foreground/60')}
                >
                  <Icon className="size-5" aria-hidden="true" />
                  <span className="whitespace-nowrap">{item.label}</span>
                  <MobileMark locked />
                </a>
              </li>
            )
          }
          return (
            <li key={item.path} className="shrink-0">
              <Link
                ref={active ? activeRef : undefined}
                to={item.path}
                aria-current={active ? 'page' : undefined}
                data-premium={mark.premium ? 'true' : undefined}
                aria-label={mark.premium ? premiumName(item.label, false) : undefined}
                className={cn(
                  itemClass,
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                <span className="whitespace-nowrap">{item.label}</span>
                {mark.premium && <MobileMark locked={false} />}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
