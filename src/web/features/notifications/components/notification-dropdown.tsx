// The header's notification bell (docs/product.md §2, §7): the unread count on the bell, polled
// every 2 minutes; the dropdown behind it (notification-popup) downloads on its first use.
import { unreadBadgeText } from '#src/domain/badge'
import { lazyPage, once } from '#src/web/lib/lazy-page'
import { FirstOpen } from '#src/web/components/first-open'
import { BellButton } from './bell-button'
import { BELL_POLL_MS, useUnreadCount } from '../api/get-unread-count'

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
