// The registration form: names, e-mail, password and the 18+/terms checkbox, checked with the
// contract's registerBody schema; the server's refusal is shown above the button.
import { zodResolver } from '@hookform/resolvers/zod'
import { CircleAlert, MailCheck } from 'lucide-react'
import { useId, useState } from 'react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useNavigate } from 'react-router'
import type { z } from 'zod'
import { registerBody } from '#src/contract/auth'
import { TextField } from '#src/web/components/forms/fields'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { PasswordStrengthMeter } from '#src/web/components/password-strength-meter'
import { errorMessage } from '#src/web/lib/api'
import { useRegister } from '../api/register'

export function RegisterForm() {
  const navigate = useNavigate()
  const register = useRegister()
  const termsId = useId()
  const form = useForm<z.input<typeof registerBody>, unknown, z.output<typeof registerBody>>({
    resolver: zodResolver(registerBody),
    defaultValues: { firstName: '', lastName: '', email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState
  const [password, email, firstName, lastName] = useWatch({
    control: form.control,
    name: ['password', 'email', 'firstName', 'lastName'],
  })
  const [sentTo, setSentTo] = useState<string | null>(null)
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const result = await register.mutateAsync(values)
      if ('checkEmail' in result) {
        setSentTo(values.email)
        return
      }
      navigate('/', { replace: true })
    } catch {
      // the error is shown from the mutation state
    }
  })
  const termsError = errors.acceptTerms?.message
  if (sentTo) {
    return (
      <div role="status" className="grid gap-2 rounded-lg border bg-muted p-4 text-sm">
        <p className="flex items-center gap-2 font-medium">
          <MailCheck className="size-4" aria-hidden="true" />
          Check your inbox
        </p>
        <p>
          We sent a mail to {sentTo}. It says how to sign in. Nothing there after a few minutes?
          Look in the spam folder.
        </p>
      </div>
    )
  }
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Create account">
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField form={form} name="firstName" label="First name" autoComplete="given-name" />
        <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <TextField form={form} name="email" label="E-mail" type="email" autoComplete="email" />
      <TextField
        form={form}
        name="password"
        label="Password"
        hint={
          <PasswordStrengthMeter
            password={password ?? ''}
            userInputs={[email ?? '', firstName ?? '', lastName ?? ''].filter(Boolean)}
          />
        }
        type="password"
        autoComplete="new-password"
      />
      <div className="grid gap-2">
        <div className="flex items-start gap-3">
          <input
            id={termsId}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 rounded border-input accent-primary"
            aria-invalid={Boolean(termsError)}
            aria-describedby={termsError ? `${termsId}-error` : undefined}
            {...form.register('acceptTerms')}
          />
          <label htmlFor={termsId} className="text-sm leading-snug">
            I am 18 or older and I accept the{' '}
            <Link
              to="/terms-of-service"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Terms of Service
            </Link>{' '}
            and the{' '}
            <Link
              to="/privacy-policy"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Privacy Policy
            </Link>
            .
          </label>
        </div>
        {termsError && (
          <p id={`${termsId}-error`} className="text-sm font-medium text-negative">
            {termsError}
          </p>
        )}
      </div>
      {register.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <span>{errorMessage(register.error)}</span>
        </Alert>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Creating your account…' : 'Create account'}
      </Button>
    </form>
  )
}
