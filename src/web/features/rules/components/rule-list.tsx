// The rules in the order they are tried: each in words, with its switch, edit and delete. The
// order changes by dragging a rule by its handle, or with the up and down buttons (keyboard).
import { ArrowDown, ArrowUp, GripVertical, Pencil, Trash2 } from 'lucide-react'
import { useState, type DragEvent } from 'react'
import type { RuleDto } from '#src/contract/rules'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Switch } from '#src/web/components/ui/switch'
import { cn } from '#src/web/lib/cn'
import { useMoney } from '#src/web/lib/format'
import { ruleText } from '../rule-text'

type Names = { accounts: ReadonlyMap<string, string>; categories: ReadonlyMap<string, string> }

/** The ids with one moved from one place to another. */
export function moved(ids: readonly string[], from: number, to: number): string[] {
  const next = [...ids]
  const [id] = next.splice(from, 1)
  if (id === undefined) return next
  next.splice(Math.max(0, Math.min(to, next.length)), 0, id)
  return next
}

export function RuleList({
  rules,
  names,
  busy,
  onMove,
  onToggle,
  onEdit,
  onDelete,
}: {
  rules: readonly RuleDto[]
  names: Names
  busy: boolean
  onMove: (ids: string[], rule: RuleDto, direction: 'up' | 'down' | 'drag') => void
  onToggle: (rule: RuleDto, isActive: boolean) => void
  onEdit: (rule: RuleDto) => void
  onDelete: (rule: RuleDto) => void
}) {
  const format = useMoney()
  const [dragging, setDragging] = useState<number | null>(null)
  const [over, setOver] = useState<number | null>(null)
  const ids = rules.map((r) => r.id)

  const drop = (event: DragEvent, index: number) => {
    event.preventDefault()
    const from = dragging
    setDragging(null)
    setOver(null)
    const rule = from === null ? undefined : rules[from]
    if (from === null || rule === undefined || from === index) return
    onMove(moved(ids, from, index), rule, 'drag')
  }

  return (
    <ol
      className="divide-y rounded-xl border bg-card"
      data-testid="rule-list"
      aria-label="Rules, in the order they are tried"
    >
      {rules.map((rule, index) => {
        const text = ruleText(rule, names, format)
        return (
          <li
            key={rule.id}
            data-testid="rule-item"
            data-rule-name={rule.name}
            onDragOver={(event) => {
              if (dragging === null) return
              event.preventDefault()
              event.dataTransfer.dropEffect = 'move'
              if (over !== index) setOver(index)
            }}
            onDrop={(event) => drop(event, index)}
            className={cn(
              'grid grid-cols-[auto_minmax(0,1fr)_auto] items-start gap-x-3 gap-y-2 p-4 transition-colors sm:grid-cols-[auto_minmax(0,1fr)_auto_auto]',
              dragging === index && 'opacity-50',
              over === index && dragging !== null && dragging !== index && 'bg-accent',
              !rule.isActive && 'bg-muted/30',
            )}
          >
            <div className="flex items-center gap-1 pt-0.5">
              <span
                draggable={!busy}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move'
                  event.dataTransfer.setData('text/plain', rule.id)
                  setDragging(index)
                }}
                onDragEnd={() => {
                  setDragging(null)
                  setOver(null)
                }}
                className="hidden cursor-grab text-muted-foreground active:cursor-grabbing sm:inline-flex"
                title="Drag to change the order"
                aria-hidden="true"
              >
                <GripVertical className="size-4" />
              </span>
              <span className="inline-flex size-6 items-center justify-center rounded-full bg-muted text-xs font-semibold tabular-nums text-muted-foreground">
                {index + 1}
              </span>
            </div>
            <div className="min-w-0 flex-1 space-y-1">
              <p className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{rule.name}</span>
                {!rule.isActive && <Badge variant="outline">Off</Badge>}
              </p>
              <p className="text-sm text-muted-foreground">
                <span className="font-medium text-foreground/80">When</span> {text.when}
              </p>
              <p className="text-sm text-muted-foreground">
                <span className="font-medium text-foreground/80">Then</span> {text.then}
              </p>
            </div>
            <Switch
              className="mt-0.5 sm:col-start-3 sm:row-start-1"
              checked={rule.isActive}
              onCheckedChange={(checked) => onToggle(rule, checked)}
              aria-label={`${rule.name}: ${rule.isActive ? 'on' : 'off'}`}
            />
            <div className="col-span-2 col-start-2 -ml-2 flex items-center sm:col-span-1 sm:col-start-4 sm:row-start-1 sm:ml-0">
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => onMove(moved(ids, index, index - 1), rule, 'up')}
                disabled={busy || index === 0}
                aria-label={`Move ${rule.name} up`}
              >
                <ArrowUp aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => onMove(moved(ids, index, index + 1), rule, 'down')}
                disabled={busy || index === rules.length - 1}
                aria-label={`Move ${rule.name} down`}
              >
                <ArrowDown aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                onClick={() => onEdit(rule)}
                aria-label={`Edit ${rule.name}`}
              >
                <Pencil aria-hidden="true" />
              </Button>
              <Button
                variant="ghost"
                size="icon-sm"
                className="text-negative hover:text-negative"
                onClick={() => onDelete(rule)}
                aria-label={`Delete ${rule.name}`}
              >
                <Trash2 aria-hidden="true" />
              </Button>
            </div>
          </li>
        )
      })}
    </ol>
  )
}
