// One automation: its name, what it does in a line, when it runs next and what it did last, an
// on/off switch, and its actions (dry run and history for everyone; run now, edit and delete for
// adults and the owner). The buttons wrap on a phone.
import { FlaskConical, History, Pencil, Play, Trash2 } from 'lucide-react'
import type { Automation } from '#src/contract/automations'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'
import { Switch } from '#src/web/components/ui/switch'
import { StatusBadge } from './run-history-dialog'

export function AutomationCard({
  automation: a,
  line,
  nextRun,
  lastRunAt,
  canWrite,
  busy,
  onToggle,
  onDryRun,
  onHistory,
  onRun,
  onEdit,
  onDelete,
}: {
  automation: Automation
  line: string
  /** the next date in words, or null for the ones events start */
  nextRun: string | null
  lastRunAt: string | null
  canWrite: boolean
  busy: boolean
  onToggle: (on: boolean) => void
  onDryRun: () => void
  onHistory: () => void
  onRun: () => void
  onEdit: () => void
  onDelete: () => void
}) {
  const titleId = `automation-${a.id}`
  return (
    <Card data-testid="automation-card" aria-labelledby={titleId}>
      <CardContent className="grid gap-3 pt-5">
        <div className="flex items-start justify-between gap-3">
          <div className="grid min-w-0 gap-1">
            <h3 id={titleId} className="font-semibold break-words">
              {a.name}
            </h3>
            <p className="text-sm break-words text-muted-foreground">{line}</p>
          </div>
          {canWrite ? (
            <label className="flex shrink-0 items-center gap-2 text-xs text-muted-foreground">
              <span>{a.isActive ? 'On' : 'Paused'}</span>
              <Switch
                checked={a.isActive}
                disabled={busy}
                onCheckedChange={onToggle}
                aria-label={`${a.name} active`}
              />
            </label>
          ) : (
            <Badge variant={a.isActive ? 'secondary' : 'outline'}>
              {a.isActive ? 'On' : 'Paused'}
            </Badge>
          )}
        </div>
        <dl className="grid gap-1 text-sm">
          <div className="flex flex-wrap items-center gap-x-1">
            <dt className="text-muted-foreground">Next run:</dt>
            <dd data-testid="next-run">
              {!a.isActive ? 'Paused' : (nextRun ?? 'When something happens')}
            </dd>
          </div>
          <div className="flex flex-wrap items-center gap-x-1 gap-y-0.5">
            <dt className="text-muted-foreground">Last run:</dt>
            {a.lastRun && lastRunAt ? (
              <dd className="flex flex-wrap items-center gap-1">
                <span>{lastRunAt}</span>
                <StatusBadge status={a.lastRun.status} />
              </dd>
            ) : (
              <dd>Not yet</dd>
            )}
          </div>
        </dl>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={onDryRun} aria-label={`Dry run ${a.name}`}>
            <FlaskConical aria-hidden="true" />
            Dry run
          </Button>
          <Button
            variant="outline"
            size="sm"
            onClick={onHistory}
            aria-label={`History of ${a.name}`}
          >
            <History aria-hidden="true" />
            History
          </Button>
          {canWrite && (
            <>
              <Button
                variant="outline"
                size="sm"
                onClick={onRun}
                disabled={busy || !a.isActive}
                aria-label={`Run ${a.name} now`}
              >
                <Play aria-hidden="true" />
                Run now
              </Button>
              {[
                { verb: 'Edit', icon: Pencil, onClick: onEdit },
                { verb: 'Delete', icon: Trash2, onClick: onDelete },
              ].map(({ verb, icon: Icon, onClick }) => (
                <Button
                  key={verb}
                  variant="ghost"
                  size="icon-sm"
                  onClick={onClick}
                  aria-label={`${verb} ${a.name}`}
                  title={verb}
                >
                  <Icon aria-hidden="true" />
                </Button>
              ))}
            </>
          )}
        </div>
      </CardContent>
    </Card>
  )
}
