// The header's user menu (docs/product.md §2), opened: Profile and Sign out. Downloaded on first
// use (user-menu.tsx).
import { LogOut, User as UserIcon } from 'lucide-react'
import { Link } from 'react-router'
import type { User } from '#src/contract/auth'
import { displayName } from '#src/domain/avatar'
import { tierLabel } from '#src/domain/tiers'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '#src/web/components/ui/dropdown-menu'
import { UserAvatar } from '#src/web/components/user-avatar'
import { signOut } from '#src/web/lib/auth'
import { USER_MENU_TRIGGER_CLASS } from './user-menu-trigger'

export function UserMenuPopup({ user }: { user: User }) {
  return (
    <DropdownMenu defaultOpen>
      <DropdownMenuTrigger className={USER_MENU_TRIGGER_CLASS} aria-label="Account menu">
        <UserAvatar user={user} className="size-8" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>
          <span className="block truncate font-medium">{displayName(user)}</span>
          <span className="block truncate text-xs text-muted-foreground">
            {tierLabel(user.subscriptionTier)} plan
          </span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuItem asChild>
          <Link to="/profile">
            <UserIcon aria-hidden="true" />
            Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem onSelect={signOut}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
