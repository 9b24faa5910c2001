// /auth/reset-password?token=…: choose a new password with a reset link (from the mail or from
// the administrator's `cli reset-link`). Every session of the account ends; then sign in.
import { zodResolver } from '@hookform/resolvers/zod'
import { CircleAlert, CircleCheck } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { Link, useSearchParams } from 'react-router'
import { z } from 'zod'
import { password } from '#src/contract/auth'
import { PasswordStrengthMeter } from '#src/web/components/password-strength-meter'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { errorMessage } from '#src/web/lib/api'
import { useDocumentTitle } from '#src/web/lib/document-title'
import { useConfirmPasswordReset } from './api/password-reset'
import { AuthCardLayout } from './components/auth-card-layout'

const schema = z
  .object({ password, confirm: z.string() })
  .refine((v) => v.password === v.confirm, { message: 'The two passwords differ', path: ['confirm'] })

const linkClass = 'font-medium text-primary underline-offset-4 hover:underline'

export function ResetPasswordPage() {
  useDocumentTitle('Choose a new password · Kinwise')
  const [search] = useSearchParams()
  const token = search.get('token') ?? ''
  const confirm = useConfirmPasswordReset()
  const form = useForm<z.input<typeof schema>, unknown, z.output<typeof schema>>({
    resolver: zodResolver(schema),
    defaultValues: { password: '', confirm: '' },
  })
  const newPassword = useWatch({ control: form.control, name: 'password' })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await confirm.mutateAsync({ token, password: values.password })
    } catch {
      // shown below
    }
  })
  if (!token) {
    return (
      <AuthCardLayout title="This link is incomplete" intro="Open the link from the mail again, or ask for a new one.">
        <Link to="/auth/forgot-password" className={linkClass}>
          Ask for a new reset link
        </Link>
      </AuthCardLayout>
    )
  }
  if (confirm.isSuccess) {
    return (
      <AuthCardLayout title="Password changed" intro="Every device that was signed in to your account is signed out.">
        <div role="status" className="grid gap-4">
          <p className="flex items-center gap-2 text-sm font-medium">
            <CircleCheck className="size-4 text-primary" aria-hidden="true" />
            Sign in with your new password.
          </p>
          <Button asChild className="w-full">
            <Link to="/auth/login">Sign in</Link>
          </Button>
        </div>
      </AuthCardLayout>
    )
  }
  return (
    <AuthCardLayout
      title="Choose a new password"
      intro="Your other devices will be signed out, so whoever may know your old password is locked out."
    >
      <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Choose a new password">
        <FormField label="New password" error={errors.password?.message} hint={<PasswordStrengthMeter password={newPassword} />}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('password')} />}
        </FormField>
        <FormField label="New password again" error={errors.confirm?.message}>
          {(control) => <Input {...control} type="password" autoComplete="new-password" {...form.register('confirm')} />}
        </FormField>
        {confirm.error && (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <span>
              {errorMessage(confirm.error)}{' '}
              <Link to="/auth/forgot-password" className={linkClass}>
                Ask for a new link
              </Link>
            </span>
          </Alert>
        )}
        <Button type="submit" disabled={isSubmitting} className="w-full">
          {isSubmitting ? 'Saving…' : 'Set new password'}
        </Button>
      </form>
    </AuthCardLayout>
  )
}
