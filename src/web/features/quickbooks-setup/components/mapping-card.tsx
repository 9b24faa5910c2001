// The mapping table: each Kinwise account (the register its money lands in) and each category
// beside the QuickBooks account it goes to. A row with nothing mapped starts on the chart account
// whose name is most alike (marked "Suggested"), so saving once takes every suggestion; a category
// left unmapped goes to QuickBooks' own Uncategorized Expense or Income.
import { Link2, Sparkles } from 'lucide-react'
import { useState, type ReactNode } from 'react'
import type { ChartAccountDto, QuickbooksMappings } from '#src/contract/quickbooks'
import { EmptyState } from '#src/web/components/empty-state'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Select } from '#src/web/components/ui/select'
import { errorMessage } from '#src/web/lib/api'
import { toast } from '#src/web/lib/toast'
import { useUpdateQuickbooksMappings } from '../api/update-mappings'

type TypeName = ChartAccountDto['type']

const REGISTER: readonly TypeName[] = [
  'Bank',
  'Credit Card',
  'Other Current Asset',
  'Fixed Asset',
  'Other Asset',
  'Accounts Receivable',
  'Accounts Payable',
  'Other Current Liability',
  'Long Term Liability',
  'Equity',
]
const EXPENSE: readonly TypeName[] = ['Expense', 'Other Expense', 'Cost of Goods Sold']
const INCOME: readonly TypeName[] = ['Income', 'Other Income']

type Source = { key: string; kind: 'category' | 'account'; id: string; label: string; detail: string; qbAccount: string | null; suggestion: string | null; types: readonly TypeName[] }

/** The chart accounts a row may choose, the fitting types first, in groups by type. */
function groups(chart: ChartAccountDto[], first: readonly TypeName[], only: boolean) {
  const order = [...first, ...(only ? [] : [...REGISTER, ...EXPENSE, ...INCOME, 'Non-Posting' as const].filter((t) => !first.includes(t)))]
  return order.map((type) => ({ type, names: chart.filter((a) => a.type === type).map((a) => a.name) })).filter((g) => g.names.length > 0)
}

function MappingRow({
  source,
  value,
  chart,
  unmappedLabel,
  onChange,
}: {
  source: Source
  value: string
  chart: ChartAccountDto[]
  unmappedLabel: string
  onChange: (value: string) => void
}) {
  const suggested = source.qbAccount === null && source.suggestion !== null && value === source.suggestion
  const selectId = `map-${source.key}`
  // a mapping saved before the chart changed still shows, though the chart lacks it
  const missing = value !== '' && !chart.some((a) => a.name === value)
  return (
    <li className="grid gap-2 py-3 sm:grid-cols-[1fr_20rem] sm:items-center sm:gap-4" data-testid="mapping-row">
      <div className="min-w-0">
        <label htmlFor={selectId} className="text-sm font-medium break-words">
          {source.label}
        </label>
        <p className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
          {source.detail}
          {suggested && (
            <Badge variant="accent" className="gap-1">
              <Sparkles className="size-3" aria-hidden="true" />
              Suggested
            </Badge>
          )}
        </p>
      </div>
      <Select id={selectId} value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">{unmappedLabel}</option>
        {missing && <option value={value}>{value}</option>}
        {groups(chart, source.types, source.kind === 'account').map((g) => (
          <optgroup key={g.type} label={g.type}>
            {g.names.map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </optgroup>
        ))}
      </Select>
    </li>
  )
}

function Section({ title, id, children }: { title: string; id: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id}>
      <h3 id={id} className="border-b pb-2 text-sm font-semibold">
        {title}
      </h3>
      <ul className="divide-y">{children}</ul>
    </section>
  )
}

/** A group of categories that folds away once set up, so the export below stays near. */
function Group({
  title,
  mapped,
  total,
  open,
  onToggle,
  children,
}: {
  title: string
  mapped: number
  total: number
  open: boolean
  onToggle: (open: boolean) => void
  children: ReactNode
}) {
  return (
    <details open={open} onToggle={(e) => onToggle(e.currentTarget.open)} className="group" data-testid="mapping-group">
      <summary className="flex cursor-pointer items-center justify-between gap-3 rounded-md border-b py-2 text-sm outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <span className="font-semibold">{title}</span>
        <span className="text-xs text-muted-foreground">
          {mapped} of {total} mapped <span className="group-open:hidden">· show</span>
          <span className="hidden group-open:inline">· hide</span>
        </span>
      </summary>
      <ul className="divide-y">{children}</ul>
    </details>
  )
}

const TYPE_LABELS: Record<string, string> = {
  checking: 'Checking',
  savings: 'Savings',
  credit_card: 'Credit card',
  loan: 'Loan',
  mortgage: 'Mortgage',
  investment: 'Investment',
  cash: 'Cash',
  other: 'Other account',
}

export type OpenGroups = Partial<Record<'expense' | 'income', boolean>>

export function MappingCard({
  mappings,
  chart,
  openGroups,
  onToggleGroup,
}: {
  mappings: QuickbooksMappings
  chart: ChartAccountDto[]
  /** which category groups are unfolded (kept by the page, so a refresh does not fold them) */
  openGroups: OpenGroups
  onToggleGroup: (group: 'expense' | 'income', open: boolean) => void
}) {
  const sources: Source[] = [
    ...mappings.accounts.map((a) => ({
      key: `account:${a.id}`,
      kind: 'account' as const,
      id: a.id,
      label: a.name,
      detail: TYPE_LABELS[a.type] ?? a.type,
      qbAccount: a.qbAccount,
      suggestion: a.suggestion,
      types: a.type === 'credit_card' ? (['Credit Card'] as const) : a.type === 'loan' || a.type === 'mortgage' ? (['Long Term Liability', 'Other Current Liability'] as const) : REGISTER,
    })),
    ...mappings.categories.map((c) => ({
      key: `category:${c.id}`,
      kind: 'category' as const,
      id: c.id,
      label: c.path,
      detail: c.kind === 'income' ? 'Income category' : 'Spending category',
      qbAccount: c.qbAccount,
      suggestion: c.suggestion,
      types: c.kind === 'income' ? INCOME : EXPENSE,
    })),
  ]
  const initial = (s: Source) => s.qbAccount ?? s.suggestion ?? ''
  const [draft, setDraft] = useState<Record<string, string>>(() => Object.fromEntries(sources.map((s) => [s.key, initial(s)])))
  const save = useUpdateQuickbooksMappings()
  const valueOf = (s: Source) => draft[s.key] ?? initial(s)
  const changed = sources.filter((s) => (valueOf(s) || null) !== s.qbAccount)
  const set = (key: string, value: string) => {
    save.reset()
    setDraft({ ...draft, [key]: value })
  }

  const onSave = () => {
    const toBody = (kind: Source['kind']) => changed.filter((s) => s.kind === kind).map((s) => ({ id: s.id, qbAccount: valueOf(s) || null }))
    save.mutate(
      { categories: toBody('category'), accounts: toBody('account') },
      {
        onSuccess: () =>
          toast({ title: 'Mappings saved', description: changed.length === 1 ? '1 mapping changed.' : `${String(changed.length)} mappings changed.` }),
      },
    )
  }

  const row = (s: Source, unmappedLabel: string) => (
    <MappingRow key={s.key} source={s} value={valueOf(s)} chart={chart} unmappedLabel={unmappedLabel} onChange={(v) => set(s.key, v)} />
  )
  const accounts = sources.filter((s) => s.kind === 'account')
  const spending = mappings.categories.filter((c) => c.kind === 'expense').length
  const categorySources = sources.filter((s) => s.kind === 'category')
  const groupOf = (kind: 'expense' | 'income') => {
    const list = kind === 'expense' ? categorySources.slice(0, spending) : categorySources.slice(spending)
    const mapped = list.filter((s) => s.qbAccount !== null).length
    // unfolded until something in it is mapped (the first setup), then as the member leaves it
    return { list, mapped, open: openGroups[kind] ?? mapped === 0 }
  }
  const expense = groupOf('expense')
  const income = groupOf('income')

  return (
    <Card aria-labelledby="qb-mappings-title" data-testid="qb-mappings">
      <CardHeader>
        <CardTitle id="qb-mappings-title">Map to QuickBooks</CardTitle>
        <CardDescription>
          Where each account’s money sits in QuickBooks, and which QuickBooks account each category books to. A category left
          unmapped goes to {mappings.defaults.expense} or {mappings.defaults.income}.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        {chart.length === 0 ? (
          <EmptyState icon={Link2} className="py-2" title="Add your chart of accounts above first: then each category and account can be mapped to one of its accounts." />
        ) : (
          <>
            <Section title="Accounts" id="qb-map-accounts">
              {accounts.length === 0 ? (
                <li className="py-3 text-sm text-muted-foreground">You have no accounts whose transactions you can see yet.</li>
              ) : (
                accounts.map((s) => row(s, 'Not mapped (required for IIF and CSV)'))
              )}
            </Section>
            <Group
              title="Spending categories"
              mapped={expense.mapped}
              total={expense.list.length}
              open={expense.open}
              onToggle={(open) => onToggleGroup('expense', open)}
            >
              {expense.list.map((s) => row(s, `Not mapped: ${mappings.defaults.expense}`))}
            </Group>
            <Group
              title="Income categories"
              mapped={income.mapped}
              total={income.list.length}
              open={income.open}
              onToggle={(open) => onToggleGroup('income', open)}
            >
              {income.list.map((s) => row(s, `Not mapped: ${mappings.defaults.income}`))}
            </Group>
            {save.error && (
              <Alert variant="destructive">
                <span>{errorMessage(save.error)}</span>
              </Alert>
            )}
            <div className="sticky bottom-20 flex flex-wrap items-center gap-3 rounded-lg bg-card/95 py-2 md:bottom-2">
              <Button onClick={onSave} disabled={changed.length === 0 || save.isPending}>
                {save.isPending ? 'Saving…' : changed.length === 0 ? 'Mappings saved' : `Save ${String(changed.length)} ${changed.length === 1 ? 'mapping' : 'mappings'}`}
              </Button>
              {changed.length > 0 && (
                <Button variant="ghost" onClick={() => setDraft(Object.fromEntries(sources.map((s) => [s.key, s.qbAccount ?? ''])))}>
                  Undo changes
                </Button>
              )}
            </div>
          </>
        )}
      </CardContent>
    </Card>
  )
}
