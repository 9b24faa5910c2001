// How the money beyond the minimums is spread: snowball, avalanche, your own order (moved with
// up and down buttons) or the minimums only; each said in one plain sentence.
import { ArrowDown, ArrowUp } from 'lucide-react'
import { Button } from '#src/web/components/ui/button'
import { cn } from '#src/web/lib/cn'
import type { DebtRow, Strategy } from '../debt-form-state'

export const STRATEGY_LABEL: Record<Strategy, string> = {
  snowball: 'Snowball',
  avalanche: 'Avalanche',
  custom: 'Your own order',
  minimum: 'Minimums only',
}

const STRATEGY_TEXT: Record<Strategy, string> = {
  snowball:
    'Pays off the smallest balance first, so you clear whole debts sooner and see progress early.',
  avalanche:
    'Pays off the highest interest rate first, which costs the least interest over the plan.',
  custom: 'Pays off the debts in the order you choose below.',
  minimum: 'Pays only each minimum, with no extra: the baseline the others are measured against.',
}

const ORDER: readonly Strategy[] = ['avalanche', 'snowball', 'custom', 'minimum']

export function StrategyPicker({
  strategy,
  onChange,
  ordered,
  onMove,
}: {
  strategy: Strategy
  onChange: (s: Strategy) => void
  /** the debts in the custom order */
  ordered: DebtRow[]
  onMove: (key: string, by: -1 | 1) => void
}) {
  // the moved row keeps the focus, so a keyboard can keep moving it (on the other button once
  // it reaches the top or the bottom)
  const move = (key: string, by: -1 | 1) => {
    onMove(key, by)
    requestAnimationFrame(() => {
      const same = document.querySelector<HTMLButtonElement>(
        `[data-move="${key}-${by < 0 ? 'up' : 'down'}"]`,
      )
      const other = document.querySelector<HTMLButtonElement>(
        `[data-move="${key}-${by < 0 ? 'down' : 'up'}"]`,
      )
      const target = same?.getAttribute('aria-disabled') === 'true' ? other : same
      target?.focus()
    })
  }
  return (
    <div className="space-y-4">
      <fieldset>
        <legend className="mb-2 text-sm font-medium">Strategy</legend>
        <div className="grid gap-2 sm:grid-cols-2">
          {ORDER.map((s) => (
            <label
              key={s}
              className={cn(
                'flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring',
                strategy === s && 'border-primary bg-primary/5',
              )}
            >
              <input
                type="radio"
                name="debt-strategy"
                value={s}
                checked={strategy === s}
                onChange={() => onChange(s)}
                className="mt-0.5 size-4 accent-[var(--primary)]"
              />
              <span className="space-y-0.5">
                <span className="block font-medium">{STRATEGY_LABEL[s]}</span>
                <span className="block text-xs text-muted-foreground">{STRATEGY_TEXT[s]}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {strategy === 'custom' && (
        <div>
          <p className="mb-2 text-sm font-medium" id="custom-order-label">
            Your order (first is paid off first)
          </p>
          <ol
            className="space-y-1.5"
            aria-labelledby="custom-order-label"
            data-testid="custom-order"
          >
            {ordered.map((row, i) => {
              const title = row.name.trim() === '' ? `Debt ${String(i + 1)}` : row.name.trim()
              return (
                <li
                  key={row.key}
                  className="flex items-center justify-between gap-2 rounded-md border px-3 py-1.5 text-sm"
                >
                  <span className="min-w-0 truncate">
                    <span className="mr-2 text-muted-foreground tabular-nums">{i + 1}.</span>
                    {title}
                  </span>
                  <span className="flex gap-1">
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move ${title} up`}
                      aria-disabled={i === 0}
                      data-move={`${row.key}-up`}
                      onClick={() => {
                        if (i === 0) return
                        move(row.key, -1)
                      }}
                    >
                      <ArrowUp aria-hidden="true" />
                    </Button>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon-sm"
                      aria-label={`Move ${title} down`}
                      aria-disabled={i === ordered.length - 1}
                      data-move={`${row.key}-down`}
                      onClick={() => {
                        if (i === ordered.length - 1) return
                        move(row.key, 1)
                      }}
                    >
                      <ArrowDown aria-hidden="true" />
                    </Button>
                  </span>
                </li>
              )
            })}
          </ol>
        </div>
      )}
    </div>
  )
}
