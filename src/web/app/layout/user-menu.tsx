// The header's user menu (docs/product.md §2): the avatar button, with the menu (Profile, Sign out)
// in user-menu-popup, downloaded when it is first used.
import type { User } from '#src/contract/auth'
import { UserAvatar } from '#src/web/components/user-avatar'
import { FirstOpen } from '#src/web/components/first-open'
import { lazyPage, once } from '#src/web/lib/lazy-page'
import { USER_MENU_TRIGGER_CLASS } from './user-menu-trigger'

const loadPopup = once(() => import('./user-menu-popup'))
const UserMenuPopup = lazyPage(loadPopup, 'UserMenuPopup')

export function UserMenu({ user }: { user: User }) {
  return (
    <FirstOpen
      load={loadPopup}
      popup="menu"
      trigger={(props) => (
        <button
          type="button"
          className={USER_MENU_TRIGGER_CLASS}
          aria-label="Account menu"
          {...props}
        >
          <UserAvatar user={user} className="size-8" />
        </button>
      )}
    >
      <UserMenuPopup user={user} />
    </FirstOpen>
  )
}
