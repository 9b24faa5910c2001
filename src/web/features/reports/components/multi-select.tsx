// A filter that picks several of a list (accounts, categories, members): a button that says
// what is picked, opening a popover of checkboxes (Tab and Space, Escape closes, focus goes
// back to the button). Nothing picked means all of them.
import { Check, ChevronDown } from 'lucide-react'
import { useId } from 'react'
import { Button } from '#src/web/components/ui/button'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { Popover, PopoverContent, PopoverTrigger } from '#src/web/components/ui/popover'
import { cn } from '#src/web/lib/cn'

export type MultiOption = { id: string; label: string; depth?: 0 | 1 }

export function MultiSelect({
  label,
  allLabel,
  options,
  value,
  onChange,
  className,
}: {
  /** what is picked, as a noun: "Accounts" */
  label: string
  /** the button's text with nothing picked: "All accounts" */
  allLabel: string
  options: readonly MultiOption[]
  value: readonly string[]
  onChange: (ids: string[]) => void
  className?: string
}) {
  const groupId = useId()
  const picked = new Set(value)
  const known = options.filter((o) => picked.has(o.id))
  const summary =
    known.length === 0
      ? allLabel
      : known.length === 1
        ? (known[0]?.label ?? allLabel)
        : `${known.length} ${label.toLowerCase()}`
  const toggle = (id: string) =>
    onChange(picked.has(id) ? value.filter((v) => v !== id) : [...value, id])
  return (
    <Popover>
      <PopoverTrigger asChild>
        <Button
          variant="outline"
          className={cn('justify-between font-normal', className)}
          aria-label={`${label}: ${summary}`}
        >
          <span className="truncate">{summary}</span>
          {known.length > 0 && <Check className="text-primary" aria-hidden="true" />}
          <ChevronDown className="ml-auto text-muted-foreground" aria-hidden="true" />
        </Button>
      </PopoverTrigger>
      <PopoverContent align="start" className="w-72 p-0">
        <div className="flex items-center justify-between border-b px-3 py-2">
          <p id={groupId} className="text-sm font-medium">
            {label}
          </p>
          <Button
            variant="ghost"
            size="sm"
            disabled={value.length === 0}
            onClick={() => onChange([])}
          >
            Show all
          </Button>
        </div>
        <div role="group" aria-labelledby={groupId} className="max-h-72 overflow-y-auto p-1">
          {options.length === 0 ? (
            <p className="px-3 py-2 text-sm text-muted-foreground">Nothing to choose yet.</p>
          ) : (
            options.map((o) => (
              <label
                key={o.id}
                className={cn(
                  'flex cursor-pointer items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-muted',
                  o.depth === 1 && 'pl-7',
                )}
              >
                <Checkbox checked={picked.has(o.id)} onChange={() => toggle(o.id)} />
                <span className="min-w-0 truncate">{o.label}</span>
              </label>
            ))
          )}
        </div>
      </PopoverContent>
    </Popover>
  )
}
