// A labelled form field: the label, the control, an optional hint and the field's error, wired
// together with ids so screen readers announce the error with the control.
import { useId, type ReactElement, type ReactNode } from 'react'
import { cn } from '#src/web/lib/cn'
import { Label } from './label'

export type FieldControlProps = {
  id: string
  'aria-invalid': boolean
  'aria-describedby': string | undefined
}

export function FormField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: ReactNode
  error?: string
  hint?: ReactNode
  className?: string
  children: (control: FieldControlProps) => ReactElement
}) {
  const id = useId()
  const errorId = `${id}-error`
  const hintId = `${id}-hint`
  const describedBy = [hint !== undefined ? hintId : null, error ? errorId : null]
    .filter(Boolean)
    .join(' ')
  return (
    <div className={cn('grid content-start gap-2', className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({
        id,
        'aria-invalid': Boolean(error),
        'aria-describedby': describedBy || undefined,
      })}
      {hint !== undefined && (
        <p id={hintId} className="text-xs text-muted-foreground">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-sm font-medium text-negative">
          {error}
        </p>
      )}
    </div>
  )
}
