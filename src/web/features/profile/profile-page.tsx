// The Profile page: the photo (uploaded, previewed before it is saved), name and e-mail (a new
// e-mail asks for the current password), and changing the password (which signs out every other
// session), with a strength meter.
import { zodResolver } from '@hookform/resolvers/zod'
import { Settings } from 'lucide-react'
import { useForm, useWatch } from 'react-hook-form'
import { Link } from 'react-router'
import { z } from 'zod'
import type { User } from '#src/contract/auth'
import { changePasswordBody, updateProfileBody } from '#src/contract/user'
import { FormError } from '#src/web/components/form-dialog'
import { TextField } from '#src/web/components/forms/fields'
import { PageBody } from '#src/web/components/page-header'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { PasswordStrengthMeter } from '#src/web/components/password-strength-meter'
import { useAuth } from '#src/web/lib/auth'
import { toast } from '#src/web/lib/toast'
import { useChangePassword, useUpdateProfile } from './api/save-profile'
import { ProfilePhoto } from './components/profile-photo'

const p = updateProfileBody.shape
const profileSchema = z.object({
  firstName: p.firstName.unwrap(),
  lastName: p.lastName.unwrap(),
  email: p.email.unwrap(),
  /** asked for only when the e-mail changes */
  currentPassword: z.string().max(200),
})
type ProfileInput = z.input<typeof profileSchema>
type ProfileOutput = z.output<typeof profileSchema>

const passwordSchema = changePasswordBody
  .extend({ confirm: z.string() })
  .refine((v) => v.newPassword === v.confirm, {
    message: 'The two new passwords differ',
    path: ['confirm'],
  })
type PasswordInput = z.input<typeof passwordSchema>
type PasswordOutput = z.output<typeof passwordSchema>

function ProfileForm({ user }: { user: User }) {
  const update = useUpdateProfile()
  const form = useForm<ProfileInput, unknown, ProfileOutput>({
    resolver: zodResolver(profileSchema),
    defaultValues: {
      firstName: user.firstName,
      lastName: user.lastName,
      email: user.email,
      currentPassword: '',
    },
  })
  const email = useWatch({ control: form.control, name: 'email' })
  const emailChanged = email.trim().toLowerCase() !== user.email.toLowerCase()
  const { isSubmitting, isDirty } = form.formState
  const onSubmit = form.handleSubmit(async ({ currentPassword, ...v }) => {
    if (emailChanged && !currentPassword) {
      form.setError('currentPassword', {
        message: 'Enter your current password to change your e-mail',
      })
      return
    }
    try {
      const saved = await update.mutateAsync(emailChanged ? { ...v, currentPassword } : v)
      form.reset({
        firstName: saved.firstName,
        lastName: saved.lastName,
        email: saved.email,
        currentPassword: '',
      })
      toast({ title: 'Profile saved', description: 'Your name is updated everywhere.' })
    } catch {
      // shown below
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Profile">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField form={form} name="firstName" label="First name" autoComplete="given-name" />
        <TextField form={form} name="lastName" label="Last name" autoComplete="family-name" />
      </div>
      <TextField
        form={form}
        name="email"
        label="E-mail"
        hint="You sign in with it"
        type="email"
        autoComplete="email"
      />
      {emailChanged && (
        <TextField
          form={form}
          name="currentPassword"
          label="Current password"
          hint="Needed to change the e-mail you sign in and recover your account with"
          type="password"
          autoComplete="current-password"
        />
      )}
      <FormError error={update.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting || !isDirty}>
          {isSubmitting ? 'Saving…' : 'Save profile'}
        </Button>
      </div>
    </form>
  )
}

function PasswordForm({ userInputs }: { userInputs: readonly string[] }) {
  const change = useChangePassword()
  const form = useForm<PasswordInput, unknown, PasswordOutput>({
    resolver: zodResolver(passwordSchema),
    defaultValues: { currentPassword: '', newPassword: '', confirm: '' },
  })
  const { isSubmitting } = form.formState
  const newPassword = useWatch({ control: form.control, name: 'newPassword' })
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await change.mutateAsync({ currentPassword: v.currentPassword, newPassword: v.newPassword })
      form.reset()
      toast({ title: 'Password changed', description: 'Your other devices are signed out.' })
    } catch {
      // shown below
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Change password">
      <TextField
        form={form}
        name="currentPassword"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          form={form}
          name="newPassword"
          label="New password"
          hint={<PasswordStrengthMeter password={newPassword} userInputs={userInputs} />}
          type="password"
          autoComplete="new-password"
        />
        <TextField
          form={form}
          name="confirm"
          label="New password again"
          type="password"
          autoComplete="new-password"
        />
      </div>
      <FormError error={change.error} />
      <div className="flex justify-end">
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Changing…' : 'Change password'}
        </Button>
      </div>
    </form>
  )
}

export function ProfilePage() {
  const { user } = useAuth()
  if (user === null) return null
  return (
    <PageBody className="max-w-3xl">
      <Card aria-labelledby="profile-title">
        <CardHeader>
          <CardTitle id="profile-title">Your profile</CardTitle>
          <CardDescription>
            How you appear in Kinwise and the e-mail you sign in with.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <ProfilePhoto user={user} />
          <ProfileForm user={user} />
        </CardContent>
      </Card>
      <Card aria-labelledby="password-title">
        <CardHeader>
          <CardTitle id="password-title">Password</CardTitle>
          <CardDescription>Changing it signs out your other devices.</CardDescription>
        </CardHeader>
        <CardContent>
          <PasswordForm userInputs={[user.email, user.firstName, user.lastName]} />
        </CardContent>
      </Card>
      <p className="text-sm text-muted-foreground">
        Currency, language, theme and notifications are in{' '}
        <Link
          to="/settings"
          className="inline-flex items-center gap-1 font-medium text-primary underline-offset-4 hover:underline"
        >
          <Settings className="size-3.5" aria-hidden="true" />
          Settings
        </Link>
        .
      </p>
    </PageBody>
  )
}
