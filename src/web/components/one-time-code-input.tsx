// The box for a six-digit code from an authenticator app: a numeric keypad on a phone, the
// browser's one-time-code autofill, and only digits kept (spaces pasted from an app are dropped).
import type { ComponentProps } from 'react'
import { cn } from '../lib/cn'
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
