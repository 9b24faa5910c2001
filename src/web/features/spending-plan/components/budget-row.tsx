// One category of the budget: its budget typed in place (saved on Enter or when the field is
// left, Escape puts it back), the rollover switch, spent and available, and a bar coloured by how
// much is used (under 70 %, under 85 %, under 100 %, over) with the same in words. A category
// without a budget says "No budget" in neutral colours: its spending is never "over".
import { useState } from 'react'
import type { SpendingPlan } from '#src/contract/spending-plan'
import { nonNegativeMoney } from '#src/contract/common'
import type { BudgetLevel } from '#src/domain/budget'
import { absCents, type Cents } from '#src/domain/money'
import { Money } from '#src/web/components/money'
import { Input } from '#src/web/components/ui/input'
import { Switch } from '#src/web/components/ui/switch'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { useMoney } from '#src/web/lib/format'
import { centsToText, parseAmountText } from '#src/web/lib/money-input'
import { toast } from '#src/web/lib/toast'
import { useSaveBudget } from '../api/save-budget'
import { formatPercent } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

type PlanRow = SpendingPlan['categories'][number]

export const LEVEL_BAR: Record<BudgetLevel, string> = {
  none: 'bg-muted-foreground/40',
  good: 'bg-primary',
  caution: 'bg-warning/60',
  warning: 'bg-warning',
  over: 'bg-negative',
}

export const LEVEL_TEXT: Record<BudgetLevel, string> = {
  none: 'No budget',
  good: 'On track',
  caution: 'Over 70% used',
  warning: 'Over 85% used',
  over: 'Over budget',
}

function BudgetInput({ row, own, month }: { row: PlanRow; own: Cents; month: string }) {
  const save = useSaveBudget()
  const [text, setText] = useState<string | null>(null)
  const shown = text ?? (own === 0 ? '' : centsToText(own))
  const [error, setError] = useState<string | null>(null)

  const commit = () => {
    if (text === null) return
    const n = parseAmountText(text === '' ? '0' : text)
    const parsed = n === null ? null : nonNegativeMoney.safeDecode(n)
    if (parsed === null || !parsed.success) {
      setError(parsed?.error.issues[0]?.message ?? 'Enter an amount such as 250')
      return
    }
    setError(null)
    setText(null)
    if (parsed.data === own) return
    save.mutate(
      { categoryId: row.categoryId, month, amount: parsed.data, rollover: row.rollover },
      {
        onError: (e) =>
          toast({
            variant: 'destructive',
            title: 'Budget not saved',
            description: errorMessage(e),
          }),
      },
    )
  }

  return (
    <div className="w-28 md:w-full">
      <Input
        aria-label={`Budget for ${row.name}`}
        inputMode="decimal"
        placeholder="0.00"
        className="h-9 text-right tabular-nums"
        value={shown}
        aria-invalid={error !== null}
        onChange={(e) => setText(e.target.value)}
        onBlur={commit}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault()
            commit()
          } else if (e.key === 'Escape') {
            setText(null)
            setError(null)
          }
        }}
      />
      {error !== null && <p className="mt-1 text-xs text-negative">{error}</p>}
    </div>
  )
}

export function BudgetRow({ row, plan }: { row: PlanRow; plan: SpendingPlan }) {
  const format = useMoney()
  const save = useSaveBudget()
  const own = row.ownBudget
  const children = plan.categories.filter((c) => c.parentId === row.categoryId)
  // a group's own budget covers it all, its children's shown within; without one theirs add up
  const groupNote =
    row.childrenBudget === 0
      ? null
      : own > 0
        ? `Subcategories have ${format(row.childrenBudget)} of it`
        : `${format(row.childrenBudget)} from subcategories`
  const limit = row.budget + row.carried
  const unbudgeted = row.level === 'none'
  const percent =
    limit > 0 ? Math.min(100, (row.spent / limit) * 100) : row.spent > 0 && !unbudgeted ? 100 : 0
  const isChild = row.parentId !== null
  return (
    <li
      className={cn(
        'grid grid-cols-[1fr_auto] items-center gap-x-4 gap-y-2 px-4 py-3 md:grid-cols-[minmax(10rem,1.4fr)_8.5rem_4.5rem_minmax(7rem,1fr)_7rem]',
        isChild ? 'bg-muted/30' : children.length > 0 && 'bg-muted/10',
      )}
      data-testid="budget-row"
      data-level={row.level}
    >
      <div className={cn('min-w-0', isChild && 'pl-4 md:pl-6')}>
        <p className={cn('text-sm break-words', isChild ? 'font-normal' : 'font-medium')}>
          {row.name}
        </p>
        <p className="text-xs text-muted-foreground" data-testid="budget-status">
          {groupNote !== null && `${groupNote} · `}
          {row.carried !== 0 &&
            `${row.carried > 0 ? '+' : '−'}${format(absCents(row.carried))} carried · `}
          {LEVEL_TEXT[row.level]}
        </p>
      </div>
      <div className="md:order-none">
        <BudgetInput key={`${row.categoryId}-${own}`} row={row} own={own} month={plan.month} />
      </div>
      <label className="col-span-2 flex items-center gap-2 text-xs text-muted-foreground md:col-span-1 md:justify-center">
        <Switch
          checked={row.rollover}
          aria-label={`Roll over what is left of ${row.name}`}
          onCheckedChange={(rollover) =>
            save.mutate(
              { categoryId: row.categoryId, month: plan.month, amount: own, rollover },
              {
                onError: (e) =>
                  toast({
                    variant: 'destructive',
                    title: 'Not saved',
                    description: errorMessage(e),
                  }),
              },
            )
          }
        />
        <span className="md:sr-only">Roll over what is left</span>
      </label>
      <div className="col-span-2 md:col-span-1">
        <div className="mb-1 flex justify-between text-xs text-muted-foreground">
          <span>
            <Money value={row.spent} /> spent
          </span>
          {limit > 0 && <span>{formatPercent(Math.round((row.spent / limit) * 100), displayLocale())}</span>}
        </div>
        <div
          className="h-2 overflow-hidden rounded-full bg-muted"
          role="progressbar"
          aria-label={
            unbudgeted
              ? `${row.name}: ${format(row.spent)} spent, no budget`
              : `${row.name}: ${format(row.spent)} spent of ${format(row.budget)}`
          }
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(percent)}
        >
          <div
            className={cn('h-full rounded-full', LEVEL_BAR[row.level])}
            style={{ width: `${percent}%` }}
          />
        </div>
      </div>
      {unbudgeted ? (
        <p className="hidden text-right text-sm text-muted-foreground md:col-span-1 md:block">
          <span className="md:sr-only">Available: </span>
          <span aria-hidden="true">—</span>
          <span className="sr-only">no budget</span>
        </p>
      ) : (
        <p
          className={cn(
            'col-span-2 text-right text-sm font-semibold md:col-span-1',
            row.available < 0 && 'text-negative',
          )}
        >
          <span className="text-xs font-normal text-muted-foreground md:sr-only">Available </span>
          <Money value={row.available} />
        </p>
      )}
    </li>
  )
}
