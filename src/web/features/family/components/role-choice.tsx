// Choosing the role a person gets (an invite, or a change of role): each role with what it
// allows, as radio buttons in a fieldset (arrow keys move between them).
import {
  INVITE_ROLES,
  ROLE_DESCRIPTIONS,
  ROLE_LABELS,
  type InviteRole,
} from '#src/domain/access'
import { cn } from '#src/web/lib/cn'

export function RoleChoice({
  value,
  onChange,
  legend = 'Role',
  name,
}: {
  value: InviteRole
  onChange: (role: InviteRole) => void
  legend?: string
  name: string
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="mb-2 text-sm font-medium">{legend}</legend>
      {INVITE_ROLES.map((role) => (
        <label
          key={role}
          className={cn(
            'flex cursor-pointer items-start gap-3 rounded-lg border p-3 transition-colors has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
            value === role ? 'border-primary bg-accent/40' : 'hover:bg-muted',
          )}
        >
          <input
            type="radio"
            name={name}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
            className="mt-0.5 size-4 shrink-0 accent-primary"
            aria-labelledby={`${name}-${role}-label`}
            aria-describedby={`${name}-${role}-description`}
          />
          <span className="grid gap-0.5">
            <span id={`${name}-${role}-label`} className="text-sm font-medium">
              {ROLE_LABELS[role]}
            </span>
            <span id={`${name}-${role}-description`} className="text-xs text-muted-foreground">
              {ROLE_DESCRIPTIONS[role]}
            </span>
          </span>
        </label>
      ))}
    </fieldset>
  )
}
