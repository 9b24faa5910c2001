// The Debt Planning page: the household's loans, mortgages and credit cards pre-filled
// with what is owed (plus any debt outside the app), a strategy, a monthly extra and one-off
// payments; the simulation answers as the inputs settle, with the minimums-only baseline, every
// strategy side by side, a balances chart and the month-by-month schedule. A plan can be saved
// and followed against the payments actually made (components/saved-plans).
import { CreditCard, Plus, Save } from 'lucide-react'
import { useMemo, useState } from 'react'
import { roleAtLeast } from '#src/domain/access'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { RowsFieldset, type RowFieldSpec } from '#src/web/components/forms/rows-fieldset'
import { LoadingCard } from '#src/web/components/loading-card'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { SimulationOutcome } from '#src/web/components/simulation-outcome'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorIssues } from '#src/web/lib/api-issues'
import { useAuth } from '#src/web/lib/auth'
import { toast } from '#src/web/lib/toast'
import { useDebouncedValue } from '#src/web/lib/use-debounced-value'
import { useDebtCandidates, useDebtSimulation } from './api/debt-planning'
import { useSaveDebtPlan } from './api/debt-plans'
import { DebtResults } from './components/debt-results'
import { DebtsEditor } from './components/debts-editor'
import { SavedPlans } from './components/saved-plans'
import { StrategyPicker } from './components/strategy-picker'
import {
  blankDebt,
  debtFromAccount,
  newKey,
  orderedRows,
  parseDebtForm,
  type DebtForm,
  type OneTimeRow,
} from './debt-form-state'

const EMPTY_FORM: DebtForm = { debts: [], strategy: 'avalanche', extra: '', order: [], oneTime: [] }

const ONE_OFF_FIELDS: RowFieldSpec<OneTimeRow>[] = [
  { name: 'month', label: 'Month', className: 'w-24', mode: 'numeric' },
  { name: 'amount', label: 'Amount', className: 'flex-1', mode: 'decimal' },
]

export function DebtPlanningPage() {
  const { user } = useAuth()
  const canWrite = roleAtLeast(user?.role ?? 'viewer', 'adult')
  const candidates = useDebtCandidates()
  const save = useSaveDebtPlan()
  const [saving, setSaving] = useState(false)
  const [planName, setPlanName] = useState('My debt plan')
  const [nameError, setNameError] = useState<string | undefined>()
  // the form starts from the accounts once they are known; after that it is the member's own
  const [edited, setEdited] = useState<DebtForm | null>(null)
  const initial = useMemo<DebtForm>(
    () => ({
      ...EMPTY_FORM,
      debts: (candidates.data ?? []).filter((c) => c.balance > 0).map(debtFromAccount),
    }),
    [candidates.data],
  )
  const form = edited ?? initial
  const change = (patch: Partial<DebtForm>) => setEdited({ ...form, ...patch })

  const parsed = useMemo(() => parseDebtForm(form), [form])
  const body = useDebouncedValue(parsed.body, 350)
  const simulation = useDebtSimulation(parsed.body === null ? null : body)
  const serverIssues = errorIssues(simulation.error)
  const errors = new Map([...serverIssues, ...parsed.errors])
  const fieldIssue = [...serverIssues.keys()].some((k) => k !== '')

  const move = (key: string, by: -1 | 1) => {
    const keys = orderedRows(form).map((d) => d.key)
    const i = keys.indexOf(key)
    const j = i + by
    if (i < 0 || j < 0 || j >= keys.length) return
    const a = keys[i]
    const b = keys[j]
    if (a === undefined || b === undefined) return
    keys[i] = b
    keys[j] = a
    change({ order: keys })
  }

  return (
    <PageBody>
      <PageHeader description="Plan paying off your debts: see when you are debt-free and what each strategy costs in interest." />
      {candidates.isLoading ? (
        <LoadingCard label="Loading your debts">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-20 w-full" />
          <Skeleton className="h-20 w-full" />
        </LoadingCard>
      ) : (
        <>
          {candidates.error && (
            <ErrorState
              what="your debts"
              error={candidates.error}
              onRetry={() => void candidates.refetch()}
            />
          )}
          <Card>
            <CardHeader>
              <CardTitle>Your debts</CardTitle>
              <CardDescription>
                Your credit cards, loans and mortgages with what you owe today. Add each one’s APR
                and minimum payment; add debts that are not in the app too.
              </CardDescription>
            </CardHeader>
            <CardContent>
              {form.debts.length === 0 ? (
                <EmptyState
                  icon={CreditCard}
                  title="No credit card, loan or mortgage with a balance owed in your accounts. Add a debt to plan paying it off."
                  action={
                    <Button onClick={() => change({ debts: [blankDebt()] })}>
                      <Plus aria-hidden="true" />
                      Add a debt
                    </Button>
                  }
                />
              ) : (
                <DebtsEditor
                  debts={form.debts}
                  errors={errors}
                  onChange={(debts) => change({ debts })}
                />
              )}
            </CardContent>
          </Card>
          {form.debts.length > 0 && (
            <div className="grid gap-6 lg:grid-cols-2">
              <Card>
                <CardContent className="pt-5">
                  <StrategyPicker
                    strategy={form.strategy}
                    onChange={(strategy) => change({ strategy })}
                    ordered={orderedRows(form)}
                    onMove={move}
                  />
                </CardContent>
              </Card>
              <Card>
                <CardHeader>
                  <CardTitle>Extra payments</CardTitle>
                  <CardDescription>
                    Beyond the minimums. When a debt is paid off, its minimum rolls on to the next.
                  </CardDescription>
                </CardHeader>
                <CardContent className="space-y-4">
                  <FormField
                    label="Extra each month"
                    error={errors.get('extraMonthly')}
                    hint="Leave empty for none"
                  >
                    {(control) => (
                      <Input
                        {...control}
                        inputMode="decimal"
                        placeholder="0.00"
                        className="text-right tabular-nums sm:max-w-48"
                        value={form.extra}
                        onChange={(e) => change({ extra: e.target.value })}
                      />
                    )}
                  </FormField>
                  <RowsFieldset
                    legend="One-off payments"
                    description="A bonus or a tax refund: the month of the plan (1 is this month) and the amount."
                    rows={form.oneTime}
                    fields={ONE_OFF_FIELDS}
                    errorPath="oneTime"
                    errors={errors}
                    removeLabel={(n) => `Remove the one-off payment ${String(n)}`}
                    rowTestId="one-off-row"
                    addLabel="Add a one-off payment"
                    newRow={() => ({ key: newKey('once'), month: '', amount: '' })}
                    onChange={(oneTime) => change({ oneTime })}
                  />
                </CardContent>
              </Card>
            </div>
          )}
          {form.debts.length > 0 && (
            <section aria-label="Your plan" className="space-y-6">
              <SimulationOutcome
                what="your plan"
                ready={parsed.body !== null}
                missing={parsed.missing}
                namesAtMost={3}
                missingTestId="debt-missing"
                simulation={simulation}
                fieldIssue={fieldIssue}
                loadingLabel="Working out your plan"
                loading={
                  <>
                    <Skeleton className="h-5 w-48" />
                    <Skeleton className="h-4 w-full" />
                    <div className="grid grid-cols-2 gap-3 lg:grid-cols-3">
                      {[0, 1, 2, 3, 4, 5].map((i) => (
                        <Skeleton key={i} className="h-16" />
                      ))}
                    </div>
                  </>
                }
              >
                {(plan) => (
                  <>
                    <DebtResults
                      plan={plan}
                      stale={simulation.isPlaceholderData || body !== parsed.body}
                    />
                    {canWrite && (
                      <div className="flex justify-end">
                        <Button variant="outline" onClick={() => setSaving(true)}>
                          <Save aria-hidden="true" />
                          Save this plan
                        </Button>
                      </div>
                    )}
                  </>
                )}
              </SimulationOutcome>
            </section>
          )}
          <SavedPlans canWrite={canWrite} />
        </>
      )}
      <ConfirmDialog
        open={saving}
        onOpenChange={(open) => {
          setSaving(open)
          save.reset()
        }}
        title="Save this plan"
        description="Kinwise then compares the payments you make into these accounts with the plan each month, and shows what the extra payment does to your daily allowance."
        confirmLabel="Save plan"
        pendingLabel="Saving…"
        destructive={false}
        pending={save.isPending}
        error={save.error}
        onConfirm={() => {
          if (parsed.body === null) return
          if (planName.trim() === '') {
            setNameError('Enter a name')
            return
          }
          setNameError(undefined)
          save.mutate(
            { name: planName.trim(), plan: parsed.body },
            {
              onSuccess: (saved) => {
                setSaving(false)
                toast({ title: 'Plan saved', description: saved.progress.text })
              },
            },
          )
        }}
      >
        <FormField label="Name" error={nameError}>
          {(control) => (
            <Input {...control} maxLength={80} value={planName} onChange={(e) => setPlanName(e.target.value)} />
          )}
        </FormField>
      </ConfirmDialog>
    </PageBody>
  )
}
