// The four stat cards (docs/product.md §2): Net Worth with its change against last month, Monthly
// Income (the month's expected income, with what was received: ADR 0044), Monthly Expenses and
// Available Today (the server's daily allowance, with why it is $0 when it is). Two by two on a
// phone, so Available Today is above the fold; four in a row on a desktop.
import type { UseQueryResult } from '@tanstack/react-query'
import {
  AlertTriangle,
  ArrowDownLeft,
  ArrowUpRight,
  CalendarCheck,
  Landmark,
  TrendingDown,
  TrendingUp,
  type LucideIcon,
} from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import type { MonthlySummary, netWorth as netWorthSchema } from '#src/contract/analytics'
import { netWorthChangePercent } from '#src/domain/net-worth'
import { Money } from '#src/web/components/money'
import { Card, CardContent } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { useMoney } from '#src/web/lib/format'
import { formatPercent } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

type NetWorthData = z.output<typeof netWorthSchema>

function StatCard({
  title,
  icon: Icon,
  iconClass,
  testId,
  loading,
  error,
  value,
  caption,
}: {
  title: string
  icon: LucideIcon
  iconClass?: string
  testId: string
  loading: boolean
  error: unknown
  value: ReactNode
  caption: ReactNode
}) {
  return (
    <Card data-testid={testId}>
      <CardContent className="p-4 sm:p-5">
        <div className="flex items-center justify-between gap-2">
          <h3 className="text-sm font-medium text-muted-foreground">{title}</h3>
          {/* on a phone the title takes the whole width of its half */}
          <span
            className={cn(
              'hidden size-8 shrink-0 items-center justify-center rounded-lg bg-muted sm:inline-flex',
              iconClass,
            )}
          >
            <Icon className="size-4" aria-hidden="true" />
          </span>
        </div>
        {loading ? (
          <div className="mt-3 space-y-2">
            <Skeleton className="h-7 w-32" />
            <Skeleton className="h-3 w-24" />
          </div>
        ) : error ? (
          <p className="mt-3 text-sm text-negative" role="alert">
            Something went wrong: {errorMessage(error)}
          </p>
        ) : (
          <>
            <p className="mt-2 text-xl font-semibold tracking-tight sm:text-2xl">{value}</p>
            <p className="mt-1 text-xs text-muted-foreground">{caption}</p>
          </>
        )}
      </CardContent>
    </Card>
  )
}

function percentText(change: number): string {
  const rounded = Math.round(change * 10) / 10
  return formatPercent(rounded, displayLocale(), { digits: 1, signed: true })
}

function NetWorthCaption({ data }: { data: NetWorthData }) {
  const change = netWorthChangePercent(data.netWorth, data.previousNetWorth)
  if (change === null) return <>No figure for last month yet</>
  if (change === 0) return <>No change from last month</>
  const up = change > 0
  const Icon = up ? TrendingUp : TrendingDown
  return (
    <span className="inline-flex items-center gap-1">
      <span
        className={cn(
          'inline-flex items-center gap-0.5 font-medium',
          up ? 'text-positive' : 'text-negative',
        )}
      >
        <Icon className="size-3.5" aria-hidden="true" />
        {percentText(change)}
      </span>
      from last month
    </span>
  )
}

/** Accounts left out of net worth for want of an exchange rate (never counted at 1). */
function MissingRatesNote({ currencies }: { currencies: readonly string[] }) {
  if (currencies.length === 0) return null
  return (
    <Link
      to="/settings#currencies-title"
      className="mt-1 flex items-start gap-1 text-warning underline-offset-2 hover:underline"
      data-testid="net-worth-missing-rates"
    >
      <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
      Some accounts in {currencies.join(', ')} have no exchange rate: left out
    </Link>
  )
}

/** Monthly Income is the month's expected income: what came in so far beneath it. */
function IncomeCaption({ s }: { s: MonthlySummary }) {
  const format = useMoney()
  // Available Today and the plan card already link to where income is added
  if (s.incomeUnknown) return <>Nothing received or planned yet</>
  return <>Expected this month; {format(s.incomeReceived)} received</>
}

/** What the allowance is made of, or why it is $0. */
function AllowanceCaption({ s }: { s: MonthlySummary }) {
  const format = useMoney()
  if (s.incomeUnknown) {
    return (
      <span data-testid="allowance-why">
        No income is known yet, so there is nothing to spread over the days left.{' '}
        <Link to="/spending-plan" className="font-medium underline underline-offset-2">
          Add your income
        </Link>
      </span>
    )
  }
  if (s.available <= 0) {
    return (
      <span data-testid="allowance-why">
        Spending, bills, goals and budgets already use this month&apos;s income
      </span>
    )
  }
  return (
    <>
      {format(s.available)} left for {s.daysLeft} {s.daysLeft === 1 ? 'day' : 'days'}
    </>
  )
}

export function StatCards({
  netWorth,
  summary,
}: {
  netWorth: UseQueryResult<NetWorthData>
  summary: UseQueryResult<MonthlySummary>
}) {
  const s = summary.data
  return (
    <div className="grid grid-cols-2 gap-3 sm:gap-4 xl:grid-cols-4" data-testid="stat-cards">
      <StatCard
        title="Net Worth"
        icon={Landmark}
        testId="stat-net-worth"
        loading={netWorth.isLoading}
        error={netWorth.error}
        value={
          netWorth.data ? (
            <Money value={netWorth.data.netWorth} currency={netWorth.data.currency} />
          ) : null
        }
        caption={
          netWorth.data ? (
            <>
              <NetWorthCaption data={netWorth.data} />
              <MissingRatesNote currencies={netWorth.data.missingRates} />
            </>
          ) : null
        }
      />
      <StatCard
        title="Monthly Income"
        icon={ArrowDownLeft}
        iconClass="text-positive"
        testId="stat-income"
        loading={summary.isLoading}
        error={summary.error}
        value={
          s === undefined ? null : s.incomeUnknown ? (
            // smaller than a figure, so it fits half a phone's width on one line
            <span className="text-base text-muted-foreground sm:text-xl">Not known yet</span>
          ) : (
            <Money value={s.income} />
          )
        }
        caption={s === undefined ? null : <IncomeCaption s={s} />}
      />
      <StatCard
        title="Monthly Expenses"
        icon={ArrowUpRight}
        testId="stat-expenses"
        loading={summary.isLoading}
        error={summary.error}
        value={s ? <Money value={s.expenses} /> : null}
        caption="Spent this month"
      />
      <StatCard
        title="Available Today"
        icon={CalendarCheck}
        iconClass="bg-accent text-accent-foreground"
        testId="stat-available-today"
        loading={summary.isLoading}
        error={summary.error}
        value={s ? <Money value={s.dailyAllowance} /> : null}
        caption={s ? <AllowanceCaption s={s} /> : null}
      />
    </div>
  )
}
