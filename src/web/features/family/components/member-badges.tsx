// The role of a member and the visibility of an account, as small labelled badges: the word is
// always there, colour and icon only help.
import { Crown, Eye, Lock, Users } from 'lucide-react'
import type { AccountVisibility, Role } from '#src/domain/access'
import { ROLE_LABELS, VISIBILITY_DESCRIPTIONS, VISIBILITY_LABELS } from '#src/domain/access'
import { Badge, type BadgeProps } from '#src/web/components/ui/badge'

const ROLE_VARIANT = {
  owner: 'default',
  adult: 'secondary',
  teen: 'accent',
  viewer: 'outline',
} as const satisfies Record<Role, BadgeProps['variant']>

export function RoleBadge({ role }: { role: Role }) {
  return (
    <Badge variant={ROLE_VARIANT[role]} data-testid="role-badge">
      {role === 'owner' && <Crown aria-hidden="true" />}
      {ROLE_LABELS[role]}
    </Badge>
  )
}

const VISIBILITY_ICON = { shared: Users, private: Lock, balance_only: Eye } as const

export function VisibilityBadge({ visibility }: { visibility: AccountVisibility }) {
  const Icon = VISIBILITY_ICON[visibility]
  return (
    <Badge variant="outline" title={VISIBILITY_DESCRIPTIONS[visibility]} className="font-normal">
      <Icon aria-hidden="true" />
      {VISIBILITY_LABELS[visibility]}
    </Badge>
  )
}
