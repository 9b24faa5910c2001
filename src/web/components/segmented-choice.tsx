// Two or three choices side by side in one pill (money out or in, shares or cash): a radio group
// of buttons, the chosen one raised. Each button is a radio with `aria-checked`.
import { cn } from '../lib/cn'

export function SegmentedChoice<T extends string>({
  label,
  value,
  options,
  onChange,
}: {
  /** the group's accessible name */
  label: string
  value: T
  options: readonly { value: T; label: string }[]
  onChange: (value: T) => void
}) {
  return (
    <div role="radiogroup" aria-label={label} className="flex gap-1 rounded-lg bg-muted p-1">
      {options.map((option) => (
        <button
          key={option.value}
          type="button"
          role="radio"
          aria-checked={value === option.value}
          onClick={() => onChange(option.value)}
          className={cn(
            'h-9 flex-1 rounded-md text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring',
            value === option.value ? 'bg-card text-foreground shadow-sm' : 'text-muted-foreground',
          )}
        >
          {option.label}
        </button>
      ))}
    </div>
  )
}
