// How hard the password being typed is to guess (the server's own rule, domain/password-strength:
// it refuses anything below "Strong"). The checker and its dictionaries load only when someone
// starts typing a new password, so they stay out of the first download.
import { useEffect, useState } from 'react'
import type { PasswordStrength } from '#src/domain/password-strength'
import { cn } from '../lib/cn'

const loadChecker = () => import('#src/domain/password-strength')

const LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const

function barColour(score: number): string {
  if (score <= 1) return 'bg-negative'
  if (score === 2) return 'bg-warning'
  return 'bg-primary'
}

/** Rendered inside a field's hint (a <p>): spans only. */
export function PasswordStrengthMeter({
  password,
  userInputs = [],
}: {
  password: string
  /** the person's e-mail and names: guessers try them first */
  userInputs?: readonly string[]
}) {
  const [strength, setStrength] = useState<PasswordStrength | null>(null)
  const inputsKey = userInputs.join('\n')
  useEffect(() => {
    let cancelled = false
    const timer = setTimeout(
      () => {
        if (!password) {
          setStrength(null)
          return
        }
        void loadChecker().then((checker) => {
          if (!cancelled) setStrength(checker.passwordStrength(password, inputsKey ? inputsKey.split('\n') : []))
        })
      },
      password ? 120 : 0,
    )
    return () => {
      cancelled = true
      clearTimeout(timer)
    }
  }, [password, inputsKey])
  if (!password || !strength) {
    return <span>At least 10 characters; a few uncommon words work well.</span>
  }
  const advice = strength.warning ?? strength.suggestions[0] ?? null
  return (
    <span className="grid gap-1.5" data-testid="password-strength" data-score={strength.score}>
      <span className="flex gap-1" aria-hidden="true">
        {[0, 1, 2, 3].map((i) => (
          <span
            key={i}
            className={cn('h-1.5 flex-1 rounded-full', i < Math.max(1, strength.score) ? barColour(strength.score) : 'bg-muted')}
          />
        ))}
      </span>
      <span aria-live="polite">
        <span className="font-medium text-foreground">Strength: {LABELS[strength.score]}</span>
        {strength.acceptable ? '' : ' (needs Strong or better)'}
        {advice && !strength.acceptable ? ` · ${advice}` : ''}
      </span>
    </span>
  )
}
