// The mobile menu drawer, opened: the sidebar's menu and footer in a sheet from the left.
// Downloaded on first use (header.tsx's MobileMenu).
import { Menu } from 'lucide-react'
import { useState } from 'react'
import type { User } from '#src/contract/auth'
import { Logo } from '#src/web/components/logo'
import { Button } from '#src/web/components/ui/button'
import {
  Dialog,
  DialogDescription,
  DialogTitle,
  DialogTrigger,
  SheetContent,
} from '#src/web/components/ui/dialog'
import { SidebarFooter } from './sidebar-footer'
import { SidebarNav } from './sidebar-nav'

export function MobileMenuPopup({ user }: { user: User }) {
  const [open, setOpen] = useState(true)
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
        <SidebarNav
          tier={user.subscriptionTier}
          role={user.role}
          onNavigate={() => setOpen(false)}
          label="Menu"
        />
        <SidebarFooter user={user} />
      </SheetContent>
    </Dialog>
  )
}
