// The mobile bottom scrolling bar (spec §2), shown below the lg breakpoint.
import { useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { cn } from '../../lib/cn'
import { isActivePath, MOBILE_ITEMS } from '../navigation'

export function MobileNav() {
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
        {MOBILE_ITEMS.map((item) => {
          const Icon = item.icon
          const active = isActivePath(item.path, pathname)
          return (
            <li key={item.path} className="shrink-0">
              <Link
                ref={active ? activeRef : undefined}
                to={item.path}
                aria-current={active ? 'page' : undefined}
                className={cn(
                  'flex h-16 min-w-[4.5rem] flex-col items-center justify-center gap-1 rounded-md px-2 text-[0.6875rem] font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
                  active ? 'text-primary' : 'text-muted-foreground hover:text-foreground',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
                <span className="whitespace-nowrap">{item.label}</span>
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
