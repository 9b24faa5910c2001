// The Retirement Planning page: ages, savings (from the household's investment
// accounts), contributions, the market's expected return and swings, inflation, spending in
// retirement (the last 12 months' by default), a withdrawal strategy and other income; the
// simulation answers as the inputs settle: the FIRE number, the projection, 10,000 seeded
// simulated markets and the what-ifs.
import { Plus, Trash2 } from 'lucide-react'
import { useMemo, useState, type ReactNode } from 'react'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorIssues } from '#src/web/lib/api-issues'
import { useAuth } from '#src/web/lib/auth'
import { DEFAULT_LOCALE } from '#src/web/lib/format'
import { centsToText } from '#src/web/lib/money-input'
import { useDebouncedValue } from '#src/web/lib/use-debounced-value'
import { useRetirementDefaults, useRetirementSimulation } from './api/retirement'
import { RetirementResults } from './components/retirement-results'
import {
  newIncomeKey,
  parseRetirementForm,
  STARTING_FORM,
  type RetirementForm,
  type WithdrawalStrategy,
} from './retirement-form-state'

type TextField = Exclude<keyof RetirementForm, 'strategy' | 'otherIncome'>

const STRATEGY_HINT: Record<WithdrawalStrategy, string> = {
  constant: 'The same amount each year, raised with inflation (the 4 % rule).',
  percent:
    'A fixed share of what the portfolio is worth each year: it never runs out, but the amount moves with markets.',
  guardrails:
    'Starts like the 4 % rule, then spends a little less after bad years and more after good ones.',
}

function monthLabel(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number)
  if (y === undefined || m === undefined) return month
  return new Intl.DateTimeFormat(locale, {
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(Date.UTC(y, m - 1, 1)))
}

function listOf(items: string[]): string {
  if (items.length <= 1) return items.join('')
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1] ?? ''}`
}

export function RetirementPlanningPage() {
  const { user } = useAuth()
  const locale = user?.locale ?? DEFAULT_LOCALE
  const defaults = useRetirementDefaults()
  const initial = useMemo<RetirementForm>(
    () =>
      defaults.data
        ? {
            ...STARTING_FORM,
            savings: centsToText(defaults.data.savings),
            annualSpending: centsToText(defaults.data.annualSpending),
          }
        : STARTING_FORM,
    [defaults.data],
  )
  const [edited, setEdited] = useState<RetirementForm | null>(null)
  const form = edited ?? initial
  const change = (patch: Partial<RetirementForm>) => setEdited({ ...form, ...patch })

  const parsed = useMemo(() => parseRetirementForm(form), [form])
  const body = useDebouncedValue(parsed.body, 400)
  const simulation = useRetirementSimulation(parsed.body === null ? null : body)
  const serverIssues = errorIssues(simulation.error)
  const errors = new Map([...serverIssues, ...parsed.errors])

  const field = (
    name: TextField,
    label: string,
    opts: { hint?: ReactNode; suffix?: string; mode?: 'decimal' | 'numeric'; testId?: string } = {},
  ) => (
    <FormField label={label} error={errors.get(name)} hint={opts.hint}>
      {(control) => (
        <div className="relative">
          <Input
            {...control}
            inputMode={opts.mode ?? 'decimal'}
            className={opts.suffix ? 'pr-8 text-right tabular-nums' : 'text-right tabular-nums'}
            value={form[name]}
            data-testid={opts.testId}
            onChange={(e) => change({ [name]: e.target.value })}
          />
          {opts.suffix && (
            <span
              className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
              aria-hidden="true"
            >
              {opts.suffix}
            </span>
          )}
        </div>
      )}
    </FormField>
  )

  const d = defaults.data
  const accountsHint =
    d === undefined
      ? undefined
      : d.investmentAccounts === 0
        ? 'No investment accounts in the app: enter what you have saved'
        : `From your ${String(d.investmentAccounts)} investment account${d.investmentAccounts === 1 ? '' : 's'}`
  const spendingHint =
    d === undefined
      ? undefined
      : `Your last 12 months’ spending (${monthLabel(d.spendingFrom, locale)} – ${monthLabel(d.spendingTo, locale)})`

  const retirementAge = body?.retirementAge ?? 65
  const planUntilAge = body?.planUntilAge ?? 95

  return (
    <PageBody>
      <PageHeader description="Will your savings last? A projection in today’s money and 10,000 simulated markets, with what-ifs you can act on." />
      {defaults.error && (
        <ErrorState
          what="your savings and spending"
          error={defaults.error}
          onRetry={() => void defaults.refetch()}
        />
      )}
      {defaults.isLoading ? (
        <div
          className="space-y-3 rounded-xl border bg-card p-5"
          role="status"
          aria-label="Loading your savings and spending"
        >
          <Skeleton className="h-5 w-40" />
          <div className="grid gap-3 sm:grid-cols-3">
            {[0, 1, 2, 3, 4, 5].map((i) => (
              <Skeleton key={i} className="h-16" />
            ))}
          </div>
        </div>
      ) : (
        <div className="grid gap-6 lg:grid-cols-2">
          <Card>
            <CardHeader>
              <CardTitle>You and your savings</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              <div className="grid grid-cols-3 gap-3">
                {field('currentAge', 'Your age', { mode: 'numeric' })}
                {field('retirementAge', 'Retire at', { mode: 'numeric' })}
                {field('planUntilAge', 'Plan until', { mode: 'numeric' })}
              </div>
              {field('savings', 'Saved for retirement', { hint: accountsHint })}
              <div className="grid gap-3 sm:grid-cols-2">
                {field('monthlyContribution', 'Saving each month', {
                  hint: 'Leave empty for none',
                })}
                {field('contributionRaise', 'Raised each year by', { suffix: '%' })}
              </div>
              <div className="grid grid-cols-3 gap-3">
                {field('annualReturn', 'Expected return', {
                  suffix: '%',
                  hint: 'A year, before inflation',
                })}
                {field('volatility', 'Volatility', { suffix: '%', hint: 'How much it swings' })}
                {field('inflation', 'Inflation', { suffix: '%' })}
              </div>
              <div className="grid gap-3 sm:grid-cols-2">
                {field('stockShare', 'Stocks in your portfolio', {
                  suffix: '%',
                  hint: 'The rest in bonds, for the replay through history',
                })}
              </div>
            </CardContent>
          </Card>
          <Card>
            <CardHeader>
              <CardTitle>In retirement</CardTitle>
            </CardHeader>
            <CardContent className="grid gap-4">
              {field('annualSpending', 'Spending each year', { hint: spendingHint })}
              <div className="grid gap-3 sm:grid-cols-2">
                <FormField label="Withdrawal strategy" hint={STRATEGY_HINT[form.strategy]}>
                  {(control) => (
                    <Select
                      {...control}
                      value={form.strategy}
                      onChange={(e) => {
                        const v = e.target.value
                        change({ strategy: v === 'percent' || v === 'guardrails' ? v : 'constant' })
                      }}
                    >
                      <option value="constant">Constant, with inflation</option>
                      <option value="percent">A fixed percentage</option>
                      <option value="guardrails">Guardrails</option>
                    </Select>
                  )}
                </FormField>
                {field('withdrawalRate', 'Withdrawal rate', {
                  suffix: '%',
                  hint: 'Your FIRE number is spending ÷ this',
                })}
              </div>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Other income</legend>
                <p className="text-xs text-muted-foreground">
                  A pension or social security, a year in today’s money, from an age.
                </p>
                {form.otherIncome.map((row, i) => (
                  <div key={row.key} className="flex items-start gap-2">
                    <FormField
                      label="A year"
                      className="flex-1"
                      error={errors.get(`otherIncome.${String(i)}.annual`)}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="decimal"
                          placeholder="0.00"
                          className="text-right tabular-nums"
                          value={row.annual}
                          onChange={(e) =>
                            change({
                              otherIncome: form.otherIncome.map((o) =>
                                o.key === row.key ? { ...o, annual: e.target.value } : o,
                              ),
                            })
                          }
                        />
                      )}
                    </FormField>
                    <FormField
                      label="From age"
                      className="w-24"
                      error={errors.get(`otherIncome.${String(i)}.fromAge`)}
                    >
                      {(control) => (
                        <Input
                          {...control}
                          inputMode="numeric"
                          className="text-right tabular-nums"
                          value={row.fromAge}
                          onChange={(e) =>
                            change({
                              otherIncome: form.otherIncome.map((o) =>
                                o.key === row.key ? { ...o, fromAge: e.target.value } : o,
                              ),
                            })
                          }
                        />
                      )}
                    </FormField>
                    <Button
                      type="button"
                      variant="ghost"
                      size="icon"
                      className="mt-7"
                      aria-label={`Remove other income ${String(i + 1)}`}
                      onClick={() =>
                        change({ otherIncome: form.otherIncome.filter((o) => o.key !== row.key) })
                      }
                    >
                      <Trash2 aria-hidden="true" />
                    </Button>
                  </div>
                ))}
                {form.otherIncome.length < 10 && (
                  <Button
                    type="button"
                    variant="outline"
                    size="sm"
                    onClick={() =>
                      change({
                        otherIncome: [
                          ...form.otherIncome,
                          { key: newIncomeKey(), annual: '', fromAge: '67' },
                        ],
                      })
                    }
                  >
                    <Plus aria-hidden="true" />
                    Add other income
                  </Button>
                )}
              </fieldset>
              <div className="sm:max-w-40">
                {field('seed', 'Seed', {
                  mode: 'numeric',
                  hint: 'The same seed gives the same markets',
                })}
              </div>
            </CardContent>
          </Card>
        </div>
      )}
      {!defaults.isLoading && (
        <section aria-label="Your projection" className="space-y-6">
          {parsed.body === null ? (
            <Card>
              <CardContent
                className="pt-5 text-sm text-muted-foreground"
                data-testid="retirement-missing"
              >
                {parsed.missing.length > 0
                  ? `To see your projection, enter ${listOf(parsed.missing)}.`
                  : 'Fix the fields marked above to see your projection.'}
              </CardContent>
            </Card>
          ) : simulation.error && !simulation.data ? (
            serverIssues.size > 0 ? (
              <Card>
                <CardContent className="pt-5 text-sm text-negative" role="alert">
                  Fix the fields marked above to see your projection.
                </CardContent>
              </Card>
            ) : (
              <ErrorState
                what="your projection"
                error={simulation.error}
                onRetry={() => void simulation.refetch()}
              />
            )
          ) : simulation.data ? (
            <RetirementResults
              result={simulation.data}
              retirementAge={retirementAge}
              planUntilAge={planUntilAge}
              stale={simulation.isPlaceholderData || body !== parsed.body}
            />
          ) : (
            <div
              className="space-y-3 rounded-xl border bg-card p-5"
              role="status"
              aria-label="Simulating 10,000 markets"
            >
              <Skeleton className="h-12 w-40" />
              <Skeleton className="h-4 w-full" />
              <Skeleton className="h-64 w-full" />
            </div>
          )}
        </section>
      )}
    </PageBody>
  )
}
