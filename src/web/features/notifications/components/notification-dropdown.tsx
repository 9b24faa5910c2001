// The header's notification bell (spec §2, §7): the unread count on the bell, polled every
// 2 minutes; the dropdown behind it (notification-popup) downloads on its first use.
import { Bell } from 'lucide-react'
import { unreadBadgeText } from '../../../../domain/badge'
import { lazyPage, once } from '../../../app/lazy-page'
import { Badge } from '../../../components/ui/badge'
import { Button, type ButtonProps } from '../../../components/ui/button'
import { FirstOpen } from '../../../components/first-open'
import { BELL_POLL_MS, useUnreadCount } from '../api/get-unread-count'

export function BellButton({ badge, ...props }: { badge: string | null } & ButtonProps) {
  return (
    <Button
      variant="ghost"
      size="icon"
      className="relative"
      aria-label={badge === null ? 'Notifications' : `Notifications, ${badge} unread`}
      {...props}
    >
      <Bell className="size-5" aria-hidden="true" />
      {badge !== null && (
        <Badge
          variant="count"
          data-testid="bell-badge"
          className="absolute -top-0.5 -right-0.5 h-5 px-1 text-[0.6875rem]"
        >
          {badge}
        </Badge>
      )}
    </Button>
  )
}

const loadPopup = once(() => import('./notification-popup'))
const NotificationPopup = lazyPage(loadPopup, 'NotificationPopup')

export function NotificationDropdown() {
  const { data: count } = useUnreadCount(BELL_POLL_MS)
  return (
    <FirstOpen
      load={loadPopup}
      popup="dialog"
      trigger={(props) => <BellButton badge={unreadBadgeText(count ?? 0)} {...props} />}
    >
      <NotificationPopup />
    </FirstOpen>
  )
}
