// The signed-in person's avatar (docs/product.md §2): their profile image, else the first letter of
// the first name or e-mail, else "U".
import { avatarInitial, type AvatarUser } from '#src/domain/avatar'
import { cn } from '../lib/cn'

export function UserAvatar({ user, className }: { user: AvatarUser; className?: string }) {
  const initial = avatarInitial(user)
  const base = cn(
    'inline-flex size-9 shrink-0 items-center justify-center overflow-hidden rounded-full',
    className,
  )
  if (initial === null && user.profileImageUrl) {
    return <img src={user.profileImageUrl} alt="" className={cn(base, 'object-cover')} />
  }
  return (
    <span
      aria-hidden="true"
      className={cn(base, 'bg-accent text-sm font-semibold text-accent-foreground')}
    >
      {initial ?? 'U'}
    </span>
  )
}
