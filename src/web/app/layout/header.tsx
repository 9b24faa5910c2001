// The signed-in header (spec §2): mobile menu drawer, page title, theme switch, notification
// bell and user menu.
import { Menu } from 'lucide-react'
import { useState } from 'react'
import { useLocation } from 'react-router'
import type { User } from '../../../contract/auth'
import { Button } from '../../components/ui/button'
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from '../../components/ui/dialog'
import { Logo } from '../../components/logo'
import { NotificationDropdown } from '../../features/notifications/components/notification-dropdown'
import { useDocumentTitle } from '../../lib/document-title'
import { pageTitle } from '../page-titles'
import { SidebarFooter } from './sidebar-footer'
import { SidebarNav } from './sidebar-nav'
import { ThemeToggle } from '../../components/theme-toggle'
import { UserMenu } from './user-menu'

function MobileMenu({ user }: { user: User }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="ghost" size="icon" className="lg:hidden" aria-label="Open menu">
          <Menu className="size-5" aria-hidden="true" />
        </Button>
      </DialogTrigger>
      <SheetContent>
        <div className="flex h-16 items-center border-b px-4">
          <Logo />
        </div>
        <DialogTitle className="sr-only">Menu</DialogTitle>
        <DialogDescription className="sr-only">Go to another page of Kinwise</DialogDescription>
        <SidebarNav tier={user.subscriptionTier} onNavigate={() => setOpen(false)} label="Menu" />
        <SidebarFooter user={user} />
      </SheetContent>
    </Dialog>
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
