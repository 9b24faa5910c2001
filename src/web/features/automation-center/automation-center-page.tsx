// The Automation Center page: one screen for what runs by itself — the categorisation
// rules (a read-only summary linking to the Rules page), scheduled transactions, goal transfers,
// alerts and webhooks. Each automation shows its next run and last run, turns on and off, has a
// dry run over the last 90 days, a run history with undo, and can be edited or deleted. Adults
// and the owner change them; every other member reads.
import { useQuery } from '@tanstack/react-query'
import { PremiumPageNote } from '#src/web/components/premium-note'
import { Eye, Plus, Workflow } from 'lucide-react'
import { useState } from 'react'
import type { Automation } from '#src/contract/automations'
import { roleAtLeast } from '#src/domain/access'
import { planAllows } from '#src/domain/tiers'
import { ConfirmDeleteDialog } from '#src/web/components/confirm-delete-dialog'
import { EmptyStateCard } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { useDateFormat, useMoney } from '#src/web/lib/format'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoriesQuery } from '#src/web/lib/queries/categories'
import { goalsQuery } from '#src/web/lib/queries/goals'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { useDeleteAutomation } from './api/delete-automation'
import { useAutomationList } from './api/get-automations'
import { useRunAutomation } from './api/run-automation'
import { useUpdateAutomation } from './api/update-automation'
import { describeAutomation, TYPE_LABELS, TYPE_ORDER, type Names } from './automation-text'
import { AutomationCard } from './components/automation-card'
import { AutomationFormDialog } from './components/automation-form-dialog'
import { DryRunDialog } from './components/dry-run-dialog'
import { RulesSummaryCard } from './components/rules-summary-card'
import { RunHistoryDialog } from './components/run-history-dialog'
import { SecretDialog } from './components/secret-dialog'
import { formatMoment } from '#src/domain/locale'
import { displayLocale } from '#src/web/lib/display-locale'

function ViewOnlyNote() {
  return (
    <p
      className="inline-flex items-center gap-2 rounded-full border bg-card px-3 py-1 text-sm text-muted-foreground"
      data-testid="view-only-note"
    >
      <Eye className="size-4" aria-hidden="true" />
      View only
    </p>
  )
}

function Loading() {
  return (
    <div className="grid gap-4 md:grid-cols-2" role="status" aria-label="Loading automations">
      {[0, 1, 2, 3].map((i) => (
        <div key={i} className="space-y-3 rounded-xl border bg-card p-5">
          <Skeleton className="h-5 w-40" />
          <Skeleton className="h-4 w-64 max-w-full" />
          <Skeleton className="h-4 w-48" />
          <div className="flex gap-2">
            <Skeleton className="h-8 w-20" />
            <Skeleton className="h-8 w-20" />
          </div>
        </div>
      ))}
    </div>
  )
}

export function AutomationCenterPage() {
  const { user } = useAuth()
  const role = user?.role ?? 'viewer'
  const canWrite = roleAtLeast(role, 'adult')
  const today = useToday()
  const allowed = user !== null && planAllows(user.subscriptionTier, 'automation')
  const automations = useAutomationList(allowed)
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const goals = useQuery(goalsQuery)
  const money = useMoney()
  const date = useDateFormat()
  const update = useUpdateAutomation()
  const run = useRunAutomation()
  const remove = useDeleteAutomation()
  const [formOpen, setFormOpen] = useState(false)
  const [editing, setEditing] = useState<Automation | null>(null)
  const [dryRun, setDryRun] = useState<Automation | null>(null)
  const [history, setHistory] = useState<Automation | null>(null)
  const [removing, setRemoving] = useState<Automation | null>(null)
  const [secret, setSecret] = useState<{ name: string; secret: string } | null>(null)

  const accountNames = new Map((accounts.data ?? []).map((a) => [a.id, a.name]))
  const goalNames = new Map((goals.data ?? []).map((g) => [g.id, g.name]))
  const categoryNames = new Map((categories.data ?? []).map((c) => [c.id, c.name]))
  const names: Names = {
    account: (id) => (id === null ? 'an account' : (accountNames.get(id) ?? 'an account')),
    goal: (id) => goalNames.get(id) ?? 'a goal',
    category: (id) => (id === null ? 'a category' : (categoryNames.get(id) ?? 'a category')),
    money,
    date,
  }
  const list = automations.data ?? []
  const busyId = update.isPending ? update.variables.id : run.isPending ? run.variables : null

  const openNew = () => {
    setEditing(null)
    setFormOpen(true)
  }
  const onToggle = (a: Automation, on: boolean) =>
    update.mutate(
      { id: a.id, body: { isActive: on } },
      {
        onSuccess: () =>
          toast({
            title: on ? 'Automation on' : 'Automation paused',
            description: on
              ? `${a.name} runs again.`
              : `${a.name} does nothing until you turn it on.`,
          }),
        onError: (e) =>
          toast({ variant: 'destructive', title: 'Not changed', description: errorMessage(e) }),
      },
    )
  const onRun = (a: Automation) =>
    run.mutate(a.id, {
      onSuccess: (runs) =>
        toast({
          title: runs.length ? `${a.name} ran` : 'Nothing due',
          description: runs.length
            ? `${String(runs.length)} ${runs.length === 1 ? 'run' : 'runs'}: ${runs[0]?.summary ?? ''}`
            : 'Everything due so far has run already. The history shows what it did.',
        }),
      onError: (e) =>
        toast({ variant: 'destructive', title: 'Not run', description: errorMessage(e) }),
    })

  if (user !== null && !allowed) {
    return (
      <PageBody>
        <PremiumPageNote feature="automation" title="Automation Center" icon={Workflow} description="Scheduled transactions, automatic goal transfers, alerts and signed webhooks that run by themselves, each with a dry run, a history and undo." tier={user.subscriptionTier} isOwner={role === 'owner'} />
      </PageBody>
    )
  }

  return (
    <PageBody>
      <PageHeader
        description="Everything that runs by itself: rules, scheduled transactions, goal transfers, alerts and webhooks."
        actions={
          canWrite ? (
            <Button onClick={openNew}>
              <Plus aria-hidden="true" />
              New automation
            </Button>
          ) : (
            <ViewOnlyNote />
          )
        }
      />
      <RulesSummaryCard canRead={canWrite && allowed} />
      {automations.isLoading ? (
        <Loading />
      ) : automations.error ? (
        <ErrorState
          what="your automations"
          error={automations.error}
          onRetry={() => void automations.refetch()}
        />
      ) : list.length === 0 ? (
        <EmptyStateCard
          icon={Workflow}
          title={
            canWrite
              ? 'No automations yet. Schedule a transaction, feed a goal, get an alert or send a webhook, and it happens by itself.'
              : 'No automations yet. Adults in your household can set them up here.'
          }
          action={
            canWrite ? (
              <Button onClick={openNew}>
                <Plus aria-hidden="true" />
                Create an automation
              </Button>
            ) : undefined
          }
        />
      ) : (
        TYPE_ORDER.map((type) => {
          const ofType = list.filter((a) => a.type === type)
          if (ofType.length === 0) return null
          const headingId = `section-${type}`
          return (
            <section key={type} aria-labelledby={headingId} className="space-y-3">
              <h2 id={headingId} className="text-lg font-semibold tracking-tight">
                {TYPE_LABELS[type].section}
              </h2>
              <div className="grid gap-4 md:grid-cols-2">
                {ofType.map((a) => (
                  <AutomationCard
                    key={a.id}
                    automation={a}
                    line={describeAutomation(a, names)}
                    nextRun={a.nextRunAt ? date(a.nextRunAt.slice(0, 10)) : null}
                    lastRunAt={
                      a.lastRun
                        ? formatMoment(new Date(a.lastRun.ranAt), displayLocale())
                        : null
                    }
                    canWrite={canWrite}
                    busy={busyId === a.id}
                    onToggle={(on) => onToggle(a, on)}
                    onDryRun={() => setDryRun(a)}
                    onHistory={() => setHistory(a)}
                    onRun={() => onRun(a)}
                    onEdit={() => {
                      setEditing(a)
                      setFormOpen(true)
                    }}
                    onDelete={() => setRemoving(a)}
                  />
                ))}
              </div>
            </section>
          )
        })
      )}
      <AutomationFormDialog
        open={formOpen}
        editing={editing}
        onOpenChange={(o) => {
          setFormOpen(o)
          if (!o) setEditing(null)
        }}
        onSecret={(name, s) => setSecret({ name, secret: s })}
        options={{
          accounts: accounts.data ?? [],
          categories: categories.data ?? [],
          goals: goals.data ?? [],
          today,
        }}
      />
      <DryRunDialog
        automation={dryRun}
        onOpenChange={(o) => {
          if (!o) setDryRun(null)
        }}
      />
      <RunHistoryDialog
        automation={history}
        canWrite={canWrite}
        onOpenChange={(o) => {
          if (!o) setHistory(null)
        }}
      />
      <SecretDialog shown={secret} onClose={() => setSecret(null)} />
      <ConfirmDeleteDialog
        item={removing}
        onClose={() => setRemoving(null)}
        noun="automation"
        description={
          <p>It stops running. What it already made (transactions, goal money, reminders) stays.</p>
        }
        remove={remove}
      />
    </PageBody>
  )
}
