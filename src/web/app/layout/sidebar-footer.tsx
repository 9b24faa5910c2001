// The sidebar's footer (docs/product.md §2): avatar, full name (or e-mail, or "User"), tier label,
// and Sign out, which clears local storage and goes to /api/logout.
import { LogOut } from 'lucide-react'
import type { User } from '#src/contract/auth'
import { displayName } from '#src/domain/avatar'
import { tierLabel } from '#src/domain/tiers'
import { Button } from '#src/web/components/ui/button'
import { UserAvatar } from '#src/web/components/user-avatar'
import { signOut } from '#src/web/lib/auth'

export function SidebarFooter({ user }: { user: User }) {
  return (
    <div className="flex items-center gap-3 border-t p-3">
      <UserAvatar user={user} />
      <div className="min-w-0 flex-1">
        <p className="truncate text-sm font-medium" data-testid="sidebar-user-name">
          {displayName(user)}
        </p>
        <p className="truncate text-xs text-muted-foreground" data-testid="sidebar-tier">
          {tierLabel(user.subscriptionTier)} plan
        </p>
      </div>
      <Button
        variant="ghost"
        size="icon-sm"
        onClick={signOut}
        aria-label="Sign out"
        title="Sign out"
      >
        <LogOut aria-hidden="true" />
      </Button>
    </div>
  )
}
