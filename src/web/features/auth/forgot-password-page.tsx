// /auth/forgot-password: ask for a reset link by e-mail. The answer is the same whether or not
// the address has an account, so the page says what happens if it does.
import { zodResolver } from '@hookform/resolvers/zod'
import { CircleAlert, MailCheck } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import type { z } from 'zod'
import { passwordResetBody } from '#src/contract/sessions'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { errorMessage } from '#src/web/lib/api'
import { useDocumentTitle } from '#src/web/lib/document-title'
import { useRequestPasswordReset } from './api/password-reset'
import { AuthCardLayout } from './components/auth-card-layout'

export function ForgotPasswordPage() {
  useDocumentTitle('Forgot password · Kinwise')
  const request = useRequestPasswordReset()
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useForm<z.input<typeof passwordResetBody>, unknown, z.output<typeof passwordResetBody>>({
    resolver: zodResolver(passwordResetBody),
    defaultValues: { email: '' },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await request.mutateAsync(values)
      setSentTo(values.email)
    } catch {
      // shown below
    }
  })
  return (
    <AuthCardLayout
      title="Forgot your password?"
      intro="Enter the e-mail you sign in with and we will mail you a link to choose a new one."
    >
      {sentTo ? (
        <div role="status" className="grid gap-2 rounded-lg border bg-muted p-4 text-sm">
          <p className="flex items-center gap-2 font-medium">
            <MailCheck className="size-4" aria-hidden="true" />
            Check your inbox
          </p>
          <p>
            If {sentTo} has a Kinwise account, a reset link is on its way. It works once, for 30
            minutes.
          </p>
          <p className="text-muted-foreground">
            No mail? This server may not send e-mail: ask its administrator for a reset link.
          </p>
        </div>
      ) : (
        <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Ask for a reset link">
          <FormField label="E-mail" error={errors.email?.message}>
            {(control) => <Input {...control} type="email" autoComplete="email" {...form.register('email')} />}
          </FormField>
          {request.error && (
            <Alert variant="destructive">
              <CircleAlert aria-hidden="true" />
              <span>{errorMessage(request.error)}</span>
            </Alert>
          )}
          <Button type="submit" disabled={isSubmitting} className="w-full">
            {isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </form>
      )}
    </AuthCardLayout>
  )
}
