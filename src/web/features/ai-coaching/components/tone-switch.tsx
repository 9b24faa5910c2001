// The member's coaching tone: two pressed-or-not buttons (gentle, direct). The tone changes the
// words of the actions and results only, never their figures.
import type { CoachTone } from '#src/domain/coaching/actions'
import { cn } from '#src/web/lib/cn'

const TONES: { value: CoachTone; label: string }[] = [
  { value: 'gentle', label: 'Gentle' },
  { value: 'direct', label: 'Direct' },
]

export function ToneSwitch({
  tone,
  disabled,
  onChange,
}: {
  tone: CoachTone
  disabled: boolean
  onChange: (tone: CoachTone) => void
}) {
  return (
    <div role="group" aria-label="Coaching tone" className="flex items-center gap-2">
      <span className="text-sm text-muted-foreground" aria-hidden="true">
        Tone
      </span>
      <div className="inline-flex rounded-md border bg-card p-0.5">
        {TONES.map((t) => (
          <button
            key={t.value}
            type="button"
            aria-pressed={tone === t.value}
            disabled={disabled}
            onClick={() => {
              if (tone !== t.value) onChange(t.value)
            }}
            className={cn(
              'rounded-[5px] px-3 py-1.5 text-sm font-medium transition-colors outline-none focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-60',
              tone === t.value
                ? 'bg-primary text-primary-foreground'
                : 'text-muted-foreground hover:bg-muted hover:text-foreground',
            )}
          >
            {t.label}
          </button>
        ))}
      </div>
    </div>
  )
}
