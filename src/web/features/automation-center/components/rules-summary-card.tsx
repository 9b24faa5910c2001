// The categorisation rules: how many there are and the first few by name, a dry run of what each
// would change over the last 90 days, and a link to the Rules page where they are managed (adults
// and the owner read them; others get a note).
import { useQuery } from '@tanstack/react-query'
import { FlaskConical, ListFilter } from 'lucide-react'
import { useState } from 'react'
import { Link } from 'react-router'
import { ErrorState } from '#src/web/components/error-state'
import { Button } from '#src/web/components/ui/button'
import { buttonVariants } from '#src/web/components/ui/button-variants'
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { rulesQuery } from '#src/web/lib/queries/rules'
import { RulesDryRunDialog } from './rules-dry-run-dialog'

export const RULES_PATH = '/transactions/rules'

export function RulesSummaryCard({ canRead }: { canRead: boolean }) {
  const rules = useQuery({ ...rulesQuery, enabled: canRead })
  const list = rules.data ?? []
  const active = list.filter((r) => r.isActive)
  const [trying, setTrying] = useState(false)
  return (
    <Card data-testid="rules-summary">
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="grid gap-1">
          <CardTitle className="flex items-center gap-2 text-base">
            <ListFilter className="size-4 text-muted-foreground" aria-hidden="true" />
            Rules
          </CardTitle>
          <CardDescription>Sort new transactions into categories as they arrive.</CardDescription>
        </div>
        {canRead && (
          <div className="flex flex-wrap gap-2">
            {list.length > 0 && (
              <Button variant="outline" size="sm" onClick={() => setTrying(true)}>
                <FlaskConical aria-hidden="true" />
                Dry run
              </Button>
            )}
            <Link to={RULES_PATH} className={buttonVariants({ variant: 'outline', size: 'sm' })}>
              Manage rules
            </Link>
          </div>
        )}
      </CardHeader>
      <CardContent className="text-sm">
        {!canRead ? (
          <p className="text-muted-foreground">Adults in your household manage the rules.</p>
        ) : rules.isLoading ? (
          <Skeleton className="h-5 w-64" />
        ) : rules.error ? (
          <ErrorState what="the rules" error={rules.error} onRetry={() => void rules.refetch()} />
        ) : list.length === 0 ? (
          <p className="text-muted-foreground">
            No rules yet. Make one on the Rules page to categorise a payee every time.
          </p>
        ) : (
          <p>
            <span className="font-medium tabular-nums">
              {String(active.length)} of {String(list.length)}{' '}
              {list.length === 1 ? 'rule' : 'rules'} on
            </span>
            <span className="text-muted-foreground">
              {': '}
              {active
                .slice(0, 3)
                .map((r) => r.name)
                .join(', ')}
              {active.length > 3 ? ` and ${String(active.length - 3)} more` : ''}
            </span>
          </p>
        )}
      </CardContent>
      {canRead && <RulesDryRunDialog open={trying} onOpenChange={setTrying} />}
    </Card>
  )
}
