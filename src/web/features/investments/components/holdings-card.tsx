// The holdings: symbol and name, quantity, the latest price and its date, market value, cost
// basis, unrealised gain with its percentage, realised gain. A holding with no price says "No
// price" (never 0) with a button to add one. A table on wider screens (it scrolls sideways with
// the symbol kept in view), a card per holding on a phone; positions sold out are listed apart,
// with their realised gain.
import { ChevronDown, Plus, TriangleAlert } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { HoldingRow } from '#src/contract/investments'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { useAuth } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { DEFAULT_LOCALE, useDateFormat } from '#src/web/lib/format'
import { useMediaQuery } from '#src/web/lib/use-media-query'
import {
  DIRECTION_CLASS,
  direction,
  percentText,
  priceText,
  quantityText,
} from '../investment-format'
import { gainShare, isHeld } from '../summary'

const WIDE = '(min-width: 768px)'

type RowProps = {
  holding: HoldingRow
  accountName: string | null
  canWrite: boolean
  onAddPrice: (symbol: string) => void
}

function useLocale(): string {
  const { user } = useAuth()
  return user?.locale ?? DEFAULT_LOCALE
}

function NoPrice({ holding, canWrite, onAddPrice }: Omit<RowProps, 'accountName'>) {
  const reason =
    holding.missingReason === 'no_exchange_rate'
      ? `No exchange rate from ${holding.currency} to ${holding.accountCurrency}`
      : 'No price'
  return (
    <span className="inline-flex flex-wrap items-center justify-end gap-x-2 gap-y-1">
      <span className="inline-flex items-center gap-1 text-warning" data-testid="no-price">
        <TriangleAlert className="size-3.5" aria-hidden="true" />
        {reason}
      </span>
      {canWrite && holding.missingReason !== 'no_exchange_rate' && (
        <Button
          size="sm"
          variant="outline"
          className="h-7"
          onClick={() => onAddPrice(holding.symbol)}
          aria-label={`Add a price for ${holding.symbol}`}
        >
          <Plus aria-hidden="true" />
          Add price
        </Button>
      )}
    </span>
  )
}

function PriceCell({ holding }: { holding: HoldingRow }) {
  const formatDate = useDateFormat()
  const locale = useLocale()
  if (holding.price === null) return <span className="text-muted-foreground">—</span>
  return (
    <span className="block">
      <span className="money">{priceText(holding.price, holding.currency, locale)}</span>
      {holding.priceDate !== null && (
        <span className="block text-xs text-muted-foreground">
          as of {formatDate(holding.priceDate)}
        </span>
      )}
    </span>
  )
}

function Gain({ holding }: { holding: HoldingRow }) {
  if (holding.unrealizedGain === null) return <span className="text-muted-foreground">—</span>
  const share = gainShare(holding)
  return (
    <span className={cn('block', DIRECTION_CLASS[direction(holding.unrealizedGain)])}>
      <Money value={holding.unrealizedGain} currency={holding.accountCurrency} showPlus />
      <span className="block text-xs">{percentText(share)}</span>
    </span>
  )
}

function SymbolCell({ holding, accountName }: { holding: HoldingRow; accountName: string | null }) {
  return (
    <span className="block min-w-0">
      <span className="block font-semibold" data-testid="holding-symbol">
        {holding.symbol}
      </span>
      <span className="block max-w-48 truncate text-xs text-muted-foreground">
        {holding.name || holding.kind}
        {accountName !== null && ` · ${accountName}`}
      </span>
    </span>
  )
}

const TH = 'px-3 py-2 font-medium whitespace-nowrap'
const TD = 'px-3 py-2.5 text-right align-top'
const FIGURE_COLUMNS = [
  'Quantity',
  'Price',
  'Market value',
  'Cost basis',
  'Unrealised gain',
  'Realised gain',
] as const

/** One figure of a holding's card: its name over it, on the left or the right of the grid. */
function CardFigure({
  label,
  right = false,
  className = 'text-sm',
  children,
}: {
  label: string
  right?: boolean
  className?: string
  children: ReactNode
}) {
  return (
    <div className={right ? 'text-right' : undefined}>
      <dt className="text-muted-foreground">{label}</dt>
      <dd className={className}>{children}</dd>
    </div>
  )
}

function RealizedGain({ holding }: { holding: HoldingRow }) {
  return (
    <Money
      value={holding.realizedGain}
      currency={holding.accountCurrency}
      showPlus
      className={DIRECTION_CLASS[direction(holding.realizedGain)]}
    />
  )
}

/** What the table (wide screens) and the cards (phones) both show the holdings from. */
type HoldingsViewProps = {
  rows: readonly HoldingRow[]
  caption: string
  accountName: (h: HoldingRow) => string | null
  canWrite: boolean
  onAddPrice: (symbol: string) => void
}

/** The market value; without a price, the button to add one while it is held, else `none`. */
function MarketValue({
  holding,
  canWrite,
  onAddPrice,
  className,
  none,
}: {
  holding: HoldingRow
  canWrite: boolean
  onAddPrice: (symbol: string) => void
  className: string
  none: ReactNode
}) {
  if (holding.marketValue !== null) {
    return (
      <Money value={holding.marketValue} currency={holding.accountCurrency} className={className} />
    )
  }
  return isHeld(holding) ? (
    <NoPrice holding={holding} canWrite={canWrite} onAddPrice={onAddPrice} />
  ) : (
    none
  )
}

function HoldingsTable({ rows, caption, accountName, canWrite, onAddPrice }: HoldingsViewProps) {
  const locale = useLocale()
  return (
    <div
      className="overflow-x-auto rounded-lg border"
      tabIndex={0}
      role="region"
      aria-label={`${caption} table`}
    >
      <table className="w-full text-sm" data-testid="holdings-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-muted text-xs text-muted-foreground">
          <tr>
            <th scope="col" className={cn(TH, 'sticky left-0 z-10 bg-muted text-left')}>
              Holding
            </th>
            {FIGURE_COLUMNS.map((label) => (
              <th key={label} scope="col" className={cn(TH, 'text-right')}>
                {label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y">
          {rows.map((h) => (
            <tr key={`${h.accountId}-${h.securityId}`} data-testid="holding-row" className="group">
              <th
                scope="row"
                className="sticky left-0 z-10 bg-card px-3 py-2.5 text-left align-top font-normal group-hover:bg-muted/40"
              >
                <SymbolCell holding={h} accountName={accountName(h)} />
              </th>
              <td className={cn(TD, 'money')}>{quantityText(h.quantity, locale)}</td>
              <td className={TD}>
                <PriceCell holding={h} />
              </td>
              <td className={TD} data-testid="holding-value">
                <MarketValue
                  holding={h}
                  canWrite={canWrite}
                  onAddPrice={onAddPrice}
                  className="font-medium"
                  none={<span className="text-muted-foreground">—</span>}
                />
              </td>
              <td className={TD}>
                <Money value={h.costBasis} currency={h.accountCurrency} />
              </td>
              <td className={TD}>
                <Gain holding={h} />
              </td>
              <td className={TD}>
                <RealizedGain holding={h} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}

function HoldingCards({ rows, caption, accountName, canWrite, onAddPrice }: HoldingsViewProps) {
  const locale = useLocale()
  return (
    <ul className="divide-y rounded-lg border" aria-label={caption} data-testid="holdings-list">
      {rows.map((h) => (
        <li
          key={`${h.accountId}-${h.securityId}`}
          className="space-y-2 p-3"
          data-testid="holding-row"
        >
          <div className="flex items-start justify-between gap-3">
            <SymbolCell holding={h} accountName={accountName(h)} />
            <div className="text-right" data-testid="holding-value">
              <MarketValue
                holding={h}
                canWrite={canWrite}
                onAddPrice={onAddPrice}
                className="font-semibold"
                none={null}
              />
            </div>
          </div>
          <dl className="grid grid-cols-2 gap-x-3 gap-y-1.5 text-xs">
            <CardFigure label="Quantity" className="money text-sm">
              {quantityText(h.quantity, locale)}
            </CardFigure>
            <CardFigure label="Price" right>
              <PriceCell holding={h} />
            </CardFigure>
            <CardFigure label="Cost basis">
              <Money value={h.costBasis} currency={h.accountCurrency} />
            </CardFigure>
            <CardFigure label="Unrealised gain" right>
              <Gain holding={h} />
            </CardFigure>
            {h.realizedGain !== 0 && (
              <CardFigure label="Realised gain">
                <RealizedGain holding={h} />
              </CardFigure>
            )}
          </dl>
        </li>
      ))}
    </ul>
  )
}

export function HoldingsCard({
  holdings,
  accountNames,
  showAccount,
  canWrite,
  onAddPrice,
  empty,
}: {
  holdings: readonly HoldingRow[]
  accountNames: ReadonlyMap<string, string>
  /** several accounts shown: each holding says which one it is in */
  showAccount: boolean
  canWrite: boolean
  onAddPrice: (symbol: string) => void
  /** shown when nothing is held or was ever sold */
  empty: ReactNode
}) {
  const wide = useMediaQuery(WIDE)
  const [showSold, setShowSold] = useState(false)
  const byValue = (a: HoldingRow, b: HoldingRow) =>
    (b.marketValue ?? -Infinity) - (a.marketValue ?? -Infinity) || a.symbol.localeCompare(b.symbol)
  const held = holdings.filter(isHeld).sort(byValue)
  const sold = holdings.filter((h) => !isHeld(h)).sort((a, b) => a.symbol.localeCompare(b.symbol))
  const accountName = (h: HoldingRow) =>
    showAccount ? (accountNames.get(h.accountId) ?? null) : null
  const List = wide ? HoldingsTable : HoldingCards
  return (
    <Card aria-labelledby="holdings-title" data-testid="holdings-card">
      <CardHeader>
        <CardTitle id="holdings-title">Holdings</CardTitle>
        <CardDescription>
          Values at the latest price of each holding; gains against what you paid, fees included.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-4">
        {held.length === 0 && sold.length === 0 ? (
          empty
        ) : (
          <>
            {held.length === 0 ? (
              <p className="text-sm text-muted-foreground">You hold nothing at the moment.</p>
            ) : (
              <List
                rows={held}
                caption="Holdings"
                accountName={accountName}
                canWrite={canWrite}
                onAddPrice={onAddPrice}
              />
            )}
            {sold.length > 0 && (
              <div className="space-y-3">
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={showSold}
                  onClick={() => setShowSold(!showSold)}
                >
                  <ChevronDown
                    className={cn('transition-transform', showSold && 'rotate-180')}
                    aria-hidden="true"
                  />
                  {showSold ? 'Hide' : 'Show'} sold positions ({sold.length})
                </Button>
                {showSold && (
                  <List
                    rows={sold}
                    caption="Sold positions"
                    accountName={accountName}
                    canWrite={false}
                    onAddPrice={onAddPrice}
                  />
                )}
              </div>
            )}
          </>
        )}
      </CardContent>
    </Card>
  )
}
