// The Rules page, under Transactions: categorization rules in the order they are
// tried (drag or move them), created and edited in a dialog, switched on and off, deleted, and
// run over the transactions already stored. Imports apply them as rows come in.
import { useQuery } from '@tanstack/react-query'
import { ArrowLeft, FileUp, Plus, Wand2, Workflow } from 'lucide-react'
import { useMemo, useState } from 'react'
import type { RuleDto } from '#src/contract/rules'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { LinkButton } from '#src/web/components/link-button'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { Label } from '#src/web/components/ui/label'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import { rulesQuery } from '#src/web/lib/queries/rules'
import { toast } from '#src/web/lib/toast'
import { useApplyRules } from './api/apply-rules'
import { useDeleteRule } from './api/delete-rule'
import { useReorderRules } from './api/reorder-rules'
import { useUpdateRule } from './api/save-rule'
import { RuleFormDialog } from './components/rule-form-dialog'
import { RuleList } from './components/rule-list'
import { countText } from '#src/web/lib/display-locale'

function count(n: number, one: string, many = `${one}s`): string {
  return `${countText(n)} ${n === 1 ? one : many}`
}

function ListSkeleton() {
  return (
    <div className="divide-y rounded-xl border bg-card" role="status" aria-label="Loading rules">
      {Array.from({ length: 3 }, (_, i) => (
        <div key={i} className="flex items-start gap-3 p-4">
          <Skeleton className="size-6 rounded-full" />
          <div className="flex-1 space-y-2">
            <Skeleton className="h-4 w-40" />
            <Skeleton className="h-3 w-72" />
            <Skeleton className="h-3 w-56" />
          </div>
          <Skeleton className="h-5 w-9 rounded-full" />
        </div>
      ))}
    </div>
  )
}

function ApplyRulesCard({ activeRules }: { activeRules: number }) {
  const apply = useApplyRules()
  const [onlyUncategorized, setOnlyUncategorized] = useState(true)
  return (
    <Card data-testid="apply-rules">
      <CardHeader>
        <CardTitle>Apply to existing transactions</CardTitle>
        <CardDescription>
          Rules run on every import. Run them now over the transactions you already have.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="flex items-center gap-2">
          <Checkbox
            id="only-uncategorized"
            checked={onlyUncategorized}
            onChange={(event) => {
              setOnlyUncategorized(event.target.checked)
              apply.reset()
            }}
          />
          <Label htmlFor="only-uncategorized" className="font-normal">
            Only transactions without a category
          </Label>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button
            onClick={() => apply.mutate({ onlyUncategorized })}
            disabled={apply.isPending || activeRules === 0}
            title={activeRules === 0 ? 'Switch a rule on first' : undefined}
          >
            <Wand2 aria-hidden="true" />
            {apply.isPending ? 'Applying…' : 'Apply rules now'}
          </Button>
          <p role="status" className="text-sm" data-testid="apply-result">
            {apply.data
              ? apply.data.changed === 0
                ? `No transaction needed a change (${count(apply.data.examined, 'transaction')} checked).`
                : `${count(apply.data.changed, 'transaction')} changed, of ${count(apply.data.examined, 'transaction')} checked.`
              : apply.error
                ? ''
                : activeRules === 0
                  ? 'No rule is on.'
                  : ''}
          </p>
        </div>
        {apply.error !== null && (
          <p role="alert" className="text-sm font-medium text-negative">
            The rules could not be applied: {errorMessage(apply.error)} Try again.
          </p>
        )}
      </CardContent>
    </Card>
  )
}

export function RulesPage() {
  const rules = useQuery(rulesQuery)
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const update = useUpdateRule()
  const reorder = useReorderRules()
  const remove = useDeleteRule()
  const [editing, setEditing] = useState<RuleDto | 'new' | null>(null)
  const [deleting, setDeleting] = useState<RuleDto | null>(null)

  const names = useMemo(
    () => ({
      accounts: new Map((accounts.data ?? []).map((a) => [a.id, a.name])),
      categories: new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    }),
    [accounts.data, categories.data],
  )
  const options = useMemo(() => categoryOptions(categories.data ?? []), [categories.data])
  const openAccounts = useMemo(
    () => (accounts.data ?? []).filter((a) => !a.isClosed),
    [accounts.data],
  )
  const list = rules.data ?? []
  const activeRules = list.filter((r) => r.isActive).length

  const onMove = (ids: string[], rule: RuleDto, direction: 'up' | 'down' | 'drag') =>
    reorder.mutate(ids, {
      onSuccess: () => {
        if (direction === 'drag')
          toast({ title: 'Order saved', description: `“${rule.name}” moved.` })
      },
      onError: (error) =>
        toast({
          variant: 'destructive',
          title: 'The order was not saved',
          description: errorMessage(error),
        }),
    })

  const onToggle = (rule: RuleDto, isActive: boolean) =>
    update.mutate(
      { id: rule.id, body: { isActive } },
      {
        onError: (error) =>
          toast({
            variant: 'destructive',
            title: `“${rule.name}” was not switched ${isActive ? 'on' : 'off'}`,
            description: errorMessage(error),
          }),
      },
    )

  return (
    <div className="flex-1" data-testid="rules-page">
      <PageBody>
        <PageHeader
          description="Rules categorize, rename and annotate transactions as they come in. The first rule that matches a row wins."
          actions={
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <LinkButton to="/transactions" icon={ArrowLeft} variant="ghost">
                Transactions
              </LinkButton>
              <LinkButton to="/transactions/import" icon={FileUp} variant="outline">
                Import
              </LinkButton>
              <Button onClick={() => setEditing('new')} disabled={rules.isLoading}>
                <Plus aria-hidden="true" />
                New rule
              </Button>
            </div>
          }
        />
        {rules.isLoading ? (
          <ListSkeleton />
        ) : rules.error ? (
          <ErrorState what="your rules" error={rules.error} onRetry={() => void rules.refetch()} />
        ) : list.length === 0 ? (
          <div className="rounded-xl border bg-card p-6">
            <EmptyState
              icon={Workflow}
              title="No rules yet. A rule such as “payee contains coffee → Dining Out” categorizes every matching row you import."
              action={
                <Button onClick={() => setEditing('new')}>
                  <Plus aria-hidden="true" />
                  Create a rule
                </Button>
              }
            />
          </div>
        ) : (
          <div className="space-y-2">
            <p className="text-sm text-muted-foreground">
              {count(list.length, 'rule')}, {activeRules} on. Drag a rule by its handle, or use the
              arrows, to change which is tried first.
            </p>
            <RuleList
              rules={list}
              names={names}
              busy={reorder.isPending}
              onMove={onMove}
              onToggle={onToggle}
              onEdit={(rule) => setEditing(rule)}
              onDelete={(rule) => setDeleting(rule)}
            />
          </div>
        )}
        {!rules.isLoading && !rules.error && list.length > 0 && (
          <ApplyRulesCard activeRules={activeRules} />
        )}
      </PageBody>
      <RuleFormDialog
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null)
        }}
        rule={editing === 'new' ? null : editing}
        accounts={openAccounts}
        categories={options}
      />
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open) {
            setDeleting(null)
            remove.reset()
          }
        }}
        title="Delete this rule?"
        description={
          <p>
            “{deleting?.name}” stops applying to new imports. Transactions it already changed stay
            as they are.
          </p>
        }
        confirmLabel="Delete rule"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting === null) return
          const name = deleting.name
          remove.mutate(deleting.id, {
            onSuccess: () => {
              toast({ title: 'Rule deleted', description: `“${name}” no longer applies.` })
              setDeleting(null)
            },
          })
        }}
      />
    </div>
  )
}
