// An amount of money on screen: formatted once by lib/format (the user's currency and locale),
// tabular figures, and green only when it shows money coming in.
import type { Cents } from '#src/domain/money'
import { cn } from '../lib/cn'
import { useMoney } from '../lib/format'

export function Money({
  value,
  currency,
  showPlus = false,
  incomeTone = false,
  className,
}: {
  value: Cents
  currency?: string
  /** prefix positive amounts with "+" (a transaction list) */
  showPlus?: boolean
  /** colour positive amounts as money in */
  incomeTone?: boolean
  className?: string
}) {
  const format = useMoney()
  const text = format(value, currency)
  return (
    <span className={cn('money', incomeTone && value > 0 && 'text-positive', className)}>
      {showPlus && value > 0 ? `+${text}` : text}
    </span>
  )
}
