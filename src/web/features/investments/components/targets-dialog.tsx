// The target allocation: a whole percent for each asset kind the household wants to hold,
// adding up to 100 (a kind left empty has no target). Clearing every field removes the targets.
import { useId, useState, type FormEvent } from 'react'
import { ASSET_KINDS } from '#src/contract/investments'
import type { AssetKind } from '#src/domain/investments/allocation'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { Input } from '#src/web/components/ui/input'
import { cn } from '#src/web/lib/cn'
import { toast } from '#src/web/lib/toast'
import { errorIssues } from '#src/web/lib/api-issues'
import { usePutTargets } from '../api/save-investments'
import { KIND_LABELS } from '../kinds'

export type Target = { kind: AssetKind; percent: number }

type Texts = Record<AssetKind, string>

export function TargetsDialog({
  open,
  onOpenChange,
  targets,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  targets: readonly Target[]
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Target allocation"
      description="The share of your investments you want in each kind, in whole percents adding up to 100."
    >
      {open && <TargetsForm targets={targets} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

/** The typed percents as targets, or the problem with them. */
export function readTargets(texts: Texts): { targets: Target[] } | { problem: string } {
  const targets: Target[] = []
  for (const kind of ASSET_KINDS) {
    const text = texts[kind].trim()
    if (text === '') continue
    if (!/^\d{1,3}$/.test(text) || Number(text) > 100)
      return { problem: `${KIND_LABELS[kind]}: enter a whole percent from 0 to 100` }
    targets.push({ kind, percent: Number(text) })
  }
  const sum = targets.reduce((s, t) => s + t.percent, 0)
  if (targets.length > 0 && sum !== 100)
    return { problem: `The targets add up to ${sum}%: they must add up to 100%` }
  return { targets }
}

function TargetsForm({ targets, onDone }: { targets: readonly Target[]; onDone: () => void }) {
  const id = useId()
  const put = usePutTargets()
  const [texts, setTexts] = useState<Texts>(() => {
    const start: Texts = { stock: '', etf: '', fund: '', bond: '', crypto: '', cash: '', other: '' }
    for (const t of targets) start[t.kind] = String(t.percent)
    return start
  })
  const [problem, setProblem] = useState<string | null>(null)
  const sum = ASSET_KINDS.reduce((s, k) => s + (Number(texts[k]) || 0), 0)
  const submit = (event: FormEvent) => {
    event.preventDefault()
    const read = readTargets(texts)
    if ('problem' in read) {
      setProblem(read.problem)
      return
    }
    setProblem(null)
    put.mutate(
      { targets: read.targets },
      {
        onSuccess: () => {
          toast({
            title: read.targets.length === 0 ? 'Targets cleared' : 'Targets saved',
            description:
              read.targets.length === 0
                ? 'No target allocation is set.'
                : 'The drift from them is shown under Allocation.',
          })
          onDone()
        },
        onError: (error) => setProblem([...errorIssues(error).values()][0] ?? null),
      },
    )
  }
  const problemId = `${id}-problem`
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Target allocation">
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {ASSET_KINDS.map((kind) => (
          <div key={kind} className="grid gap-1.5">
            <label htmlFor={`${id}-${kind}`} className="text-sm font-medium">
              {KIND_LABELS[kind]}
            </label>
            <div className="relative">
              <Input
                id={`${id}-${kind}`}
                inputMode="numeric"
                placeholder="—"
                value={texts[kind]}
                onChange={(e) => setTexts({ ...texts, [kind]: e.target.value })}
                className="pr-7 text-right tabular-nums"
                aria-describedby={problem !== null ? problemId : undefined}
              />
              <span
                className="pointer-events-none absolute top-1/2 right-3 -translate-y-1/2 text-sm text-muted-foreground"
                aria-hidden="true"
              >
                %
              </span>
            </div>
          </div>
        ))}
      </div>
      <p
        className={cn(
          'text-sm',
          sum === 100 || sum === 0 ? 'text-muted-foreground' : 'text-warning',
        )}
        aria-live="polite"
        data-testid="targets-sum"
      >
        Total: {sum}%
        {sum !== 100 && sum !== 0
          ? ` (${100 - sum > 0 ? `${100 - sum}% left` : `${sum - 100}% too much`})`
          : ''}
      </p>
      {problem !== null && (
        <p id={problemId} className="text-sm font-medium text-negative" role="alert">
          {problem}
        </p>
      )}
      <FormError error={problem === null ? put.error : null} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={put.isPending}>
          {put.isPending ? 'Saving…' : 'Save targets'}
        </Button>
      </div>
    </form>
  )
}
