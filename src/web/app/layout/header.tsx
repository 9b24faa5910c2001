// The signed-in header (docs/product.md §2): mobile menu drawer, page title, theme switch,
// notification bell and user menu.
import { Menu } from 'lucide-react'
import { useLocation } from 'react-router'
import type { User } from '#src/contract/auth'
import { Button } from '#src/web/components/ui/button'
import { NotificationDropdown } from '#src/web/features/notifications/components/notification-dropdown'
import { useDocumentTitle } from '#src/web/lib/document-title'
import { FirstOpen } from '#src/web/components/first-open'
import { lazyPage, once } from '#src/web/lib/lazy-page'
import { pageTitle } from '../page-titles'
import { ThemeToggle } from '#src/web/components/theme-toggle'
import { UserMenu } from './user-menu'

const loadMobileMenu = once(() => import('./mobile-menu-popup'))
const MobileMenuPopup = lazyPage(loadMobileMenu, 'MobileMenuPopup')

/** The menu button of phones; the drawer behind it downloads on first use. */
function MobileMenu({ user }: { user: User }) {
  return (
    <FirstOpen
      load={loadMobileMenu}
      popup="dialog"
      trigger={(props) => (
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu" {...props}>
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      )}
    >
      <MobileMenuPopup user={user} />
    </FirstOpen>
  )
}

export function Header({ user }: { user: User }) {
  const { pathname } = useLocation()
  const title = pageTitle(pathname)
  useDocumentTitle(`${title} · Kinwise`)
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b bg-background/90 px-3 backdrop-blur sm:px-6">
      <MobileMenu user={user} />
      <h1
        className="min-w-0 flex-1 truncate text-lg font-semibold tracking-tight"
        data-testid="page-title"
      >
        {title}
      </h1>
      <div className="flex items-center gap-1">
        <ThemeToggle />
        <NotificationDropdown />
        <div className="ml-1">
          <UserMenu user={user} />
        </div>
      </div>
    </header>
  )
}
