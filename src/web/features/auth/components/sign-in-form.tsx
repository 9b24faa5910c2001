// The sign-in form: e-mail and password checked with the contract's loginBody schema; the
// server's refusal is shown above the button. With MFA on, the server asks for a second factor:
// onMfaRequired hands its methods to the page, which shows the code step.
import { zodResolver } from '@hookform/resolvers/zod'
import { CircleAlert } from 'lucide-react'
import { useForm } from 'react-hook-form'
import { useNavigate } from 'react-router'
import type { z } from 'zod'
import { loginBody, type MfaMethod } from '#src/contract/auth'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { errorMessage } from '#src/web/lib/api'
import { isMfaChallenge, useSignIn } from '../api/sign-in'

export function SignInForm({
  onMfaRequired,
}: {
  onMfaRequired: (methods: readonly MfaMethod[]) => void
}) {
  const navigate = useNavigate()
  const signIn = useSignIn()
  const form = useForm<z.input<typeof loginBody>, unknown, z.output<typeof loginBody>>({
    resolver: zodResolver(loginBody),
    defaultValues: { email: '', password: '' },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const answer = await signIn.mutateAsync(values)
      if (isMfaChallenge(answer)) onMfaRequired(answer.methods)
      else navigate('/', { replace: true })
    } catch {
      // the error is shown from the mutation state
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Sign in">
      <FormField label="E-mail" error={errors.email?.message}>
        {(control) => (
          <Input {...control} type="email" autoComplete="email" {...form.register('email')} />
        )}
      </FormField>
      <FormField label="Password" error={errors.password?.message}>
        {(control) => (
          <Input
            {...control}
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
          />
        )}
      </FormField>
      {signIn.error && (
        <Alert variant="destructive">
          <CircleAlert aria-hidden="true" />
          <span>{errorMessage(signIn.error)}</span>
        </Alert>
      )}
      <Button type="submit" disabled={isSubmitting} className="w-full">
        {isSubmitting ? 'Signing in…' : 'Sign in'}
      </Button>
    </form>
  )
}
