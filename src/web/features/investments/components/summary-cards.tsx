// The five figures at the top of the investments page: market value (with the cash beside it),
// cost basis, unrealised gain with its percentage, realised gain, and dividends and interest of
// the last 12 months. Accounts in several currencies show one line per currency, never a sum of
// unlike money; the market value then adds the whole, holdings and cash, converted to the
// household's currency at the latest rates (from the allocation), and says what it leaves out.
import type { ReactNode } from 'react'
import { Money } from '#src/web/components/money'
import { Card, CardContent } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { cn } from '#src/web/lib/cn'
import type { Cents } from '#src/domain/money'
import { DIRECTION_CLASS, direction, percentText } from '../investment-format'
import type { CurrencySummary } from '../summary'
import { Explainer } from './explainer'

function Figure({
  title,
  testId,
  loading,
  children,
  caption,
  help,
  className,
}: {
  title: string
  testId: string
  loading: boolean
  children: ReactNode
  caption?: ReactNode
  help?: ReactNode
  className?: string
}) {
  return (
    <Card data-testid={testId} className={cn('min-w-0', className)}>
      <CardContent className="space-y-1 p-4">
        <h3 className="text-xs font-medium text-muted-foreground sm:text-sm">{title}</h3>
        {loading ? (
          <div className="space-y-2 pt-1">
            <Skeleton className="h-7 w-28" />
            <Skeleton className="h-3 w-20" />
          </div>
        ) : (
          <>
            <div className="text-lg font-semibold tracking-tight sm:text-xl">{children}</div>
            {caption !== undefined && <p className="text-xs text-muted-foreground">{caption}</p>}
            {help !== undefined && <Explainer>{help}</Explainer>}
          </>
        )}
      </CardContent>
    </Card>
  )
}

function Signed({ value, currency }: { value: Cents; currency: string }) {
  return (
    <Money
      value={value}
      currency={currency}
      showPlus
      className={DIRECTION_CLASS[direction(value)]}
    />
  )
}

/** One line per currency: the first large, the others under it. */
function PerCurrency({
  rows,
  render,
}: {
  rows: readonly CurrencySummary[]
  render: (row: CurrencySummary) => ReactNode
}) {
  if (rows.length === 0) return <span className="text-muted-foreground">—</span>
  return (
    <div className="space-y-0.5">
      {rows.map((row, i) => (
        <p key={row.currency} className={cn(i > 0 && 'text-sm font-medium')}>
          {render(row)}
        </p>
      ))}
    </div>
  )
}

export function SummaryCards({
  loading,
  summaries,
  cash,
  income,
  converted = null,
}: {
  loading: boolean
  summaries: readonly CurrencySummary[]
  /** cash of the accounts shown, by currency */
  cash: ReadonlyMap<string, Cents>
  income: { loading: boolean; value: Cents | null; currency: string; error: boolean }
  /** holdings and cash converted to the household's currency, with what has no price or rate */
  converted?: { total: Cents; currency: string; missing: readonly string[] } | null
}) {
  const unpriced = summaries.reduce((n, s) => n + s.unpriced, 0)
  const held = summaries.reduce((n, s) => n + s.held, 0)
  const cashRows = [...cash.entries()].filter(([, v]) => v !== 0)
  return (
    <section
      className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-5"
      aria-labelledby="investments-summary-title"
    >
      <h2 id="investments-summary-title" className="sr-only">
        Summary
      </h2>
      <Figure
        title="Market value"
        testId="summary-market-value"
        loading={loading}
        caption={
          unpriced > 0 ? (
            <span className="text-warning">
              {unpriced} {unpriced === 1 ? 'holding has' : 'holdings have'} no price and{' '}
              {unpriced === 1 ? 'is' : 'are'} not counted
            </span>
          ) : (
            <>
              {held} {held === 1 ? 'holding' : 'holdings'}
              {cashRows.map(([currency, value]) => (
                <span key={currency}>
                  {' '}
                  · <Money value={value} currency={currency} /> cash
                </span>
              ))}
            </>
          )
        }
      >
        <PerCurrency
          rows={summaries}
          render={(s) => <Money value={s.marketValue} currency={s.currency} />}
        />
        {converted !== null &&
          (summaries.length > 1 ||
            summaries.some((s) => s.currency !== converted.currency) ||
            cashRows.some(([currency]) => currency !== converted.currency)) && (
            <p
              className="pt-1 text-xs font-normal text-muted-foreground"
              data-testid="summary-converted"
            >
              ≈ <Money value={converted.total} currency={converted.currency} /> in all with cash, in{' '}
              {converted.currency} at the latest rates
              {converted.missing.length > 0 &&
                ` (without ${converted.missing.join(', ')}: no price or rate)`}
            </p>
          )}
      </Figure>
      <Figure
        title="Cost basis"
        testId="summary-cost-basis"
        loading={loading}
        caption="What you paid, fees included"
      >
        <PerCurrency
          rows={summaries}
          render={(s) => <Money value={s.costBasis} currency={s.currency} />}
        />
      </Figure>
      <Figure
        title="Unrealised gain"
        testId="summary-unrealized"
        loading={loading}
        help="What your holdings would gain (or lose) if you sold them today at the latest prices, against what they cost you."
      >
        <PerCurrency
          rows={summaries}
          render={(s) => (
            <>
              <Signed value={s.unrealizedGain} currency={s.currency} />{' '}
              <span
                className={cn('text-sm font-medium', DIRECTION_CLASS[direction(s.unrealizedShare)])}
              >
                {percentText(s.unrealizedShare)}
              </span>
            </>
          )}
        />
      </Figure>
      <Figure
        title="Realised gain"
        testId="summary-realized"
        loading={loading}
        help="The gain (or loss) you locked in when you sold: the sale price less what those shares cost you."
      >
        <PerCurrency
          rows={summaries}
          render={(s) => <Signed value={s.realizedGain} currency={s.currency} />}
        />
      </Figure>
      <Figure
        title="Income, last 12 months"
        testId="summary-income"
        className="col-span-2 lg:col-span-1"
        loading={income.loading}
        caption="Dividends and interest"
      >
        {income.error || income.value === null ? (
          <span className="text-muted-foreground">—</span>
        ) : (
          <Money value={income.value} currency={income.currency} />
        )}
      </Figure>
    </section>
  )
}
