// The box for a six-digit code from an authenticator app: a numeric keypad on a phone, the
// browser's one-time-code autofill, and only digits kept (spaces pasted from an app are dropped).
import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
import { FormField } from './ui/form-field'
import { Input } from './ui/input'

export const CODE_LENGTH = 6

/** The digits of what was typed or pasted, at most six. */
export function codeDigits(text: string): string {
  return text.replace(/\D/g, '').slice(0, CODE_LENGTH)
}

export function OneTimeCodeInput({
  value,
  onValueChange,
  className,
  ...props
}: Omit<ComponentProps<'input'>, 'value' | 'onChange' | 'type'> & {
  value: string
  onValueChange: (value: string) => void
}) {
  return (
    <Input
      type="text"
      inputMode="numeric"
      autoComplete="one-time-code"
      pattern="[0-9]*"
      spellCheck={false}
      maxLength={CODE_LENGTH + 4}
      placeholder="123456"
      value={value}
      onChange={(event) => onValueChange(codeDigits(event.target.value))}
      className={cn('font-mono text-lg tracking-[0.3em] tabular-nums sm:text-lg', className)}
      {...props}
    />
  )
}

/** The code field of a sign-in or confirmation form: label, error and the focused code input. */
export function OneTimeCodeField({
  label = 'Code from your authenticator app',
  error,
  value,
  onValueChange,
}: {
  label?: string
  error?: string
  value: string
  onValueChange: (next: string) => void
}) {
  return (
    <FormField label={label} error={error}>
      {(control) => (
        <OneTimeCodeInput {...control} autoFocus value={value} onValueChange={onValueChange} />
      )}
    </FormField>
  )
}
