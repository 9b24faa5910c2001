// The desktop sidebar (lg and up): logo, the menu and its footer. Its own chunk, so phones never
// download it; route-preload starts it with the first download on a desktop.
import type { User } from '#src/contract/auth'
import { Logo } from '#src/web/components/logo'
import { SidebarFooter } from './sidebar-footer'
import { SidebarNav } from './sidebar-nav'

export function Sidebar({ user }: { user: User }) {
  return (
    <aside
      data-testid="sidebar"
      className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r bg-sidebar lg:flex"
    >
      <div className="flex h-16 items-center border-b px-5">
        <Logo />
      </div>
      <SidebarNav tier={user.subscriptionTier} role={user.role} />
      <SidebarFooter user={user} />
    </aside>
  )
}
