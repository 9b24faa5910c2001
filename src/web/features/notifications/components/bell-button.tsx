// The header's bell button with its unread badge: the closed dropdown's trigger
// (notification-dropdown) and the opened one's (notification-popup) look the same.
import { Bell } from 'lucide-react'
import { Badge } from '#src/web/components/ui/badge'
import { Button, type ButtonProps } from '#src/web/components/ui/button'

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
