// /join/:token, where an invite link opens. Signed in: what the invite offers (the
// household, who invited, the role, until when) and what joining does, in the server's words,
// with Join and Cancel; a refusal (used, revoked or expired link, or a household to leave first)
// says what to do instead. Signed out: what the link is, and Sign in / Create an account, which
// come back here (pending-join).
import { CircleAlert, LogIn, MailOpen, UserPlus } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { ROLE_DESCRIPTIONS, ROLE_LABELS } from '#src/domain/access'
import { Logo } from '#src/web/components/logo'
import { ThemeToggle } from '#src/web/components/theme-toggle'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorCode, errorMessage, errorStatus } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { useDocumentTitle } from '#src/web/lib/document-title'
import { toast } from '#src/web/lib/toast'
import { useAcceptInvite } from './api/accept-invite'
import { useInvitePreview } from './api/get-invite-preview'
import { forgetPendingJoin, rememberPendingJoin } from './pending-join'

const article = (word: string) => (/^[aeiou]/i.test(word) ? 'an' : 'a')

function Frame({ children }: { children: ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-3xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-4 pb-12 sm:items-center sm:pt-6"
      >
        <Card className="w-full max-w-lg" data-testid="join-page">
          <CardContent className="p-6 sm:p-8">{children}</CardContent>
        </Card>
      </main>
    </div>
  )
}

function Heading({ children }: { children: ReactNode }) {
  return (
    <>
      <span className="inline-flex size-12 items-center justify-center rounded-xl bg-accent text-accent-foreground">
        <MailOpen className="size-6" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-balance">{children}</h1>
    </>
  )
}

function SignedOutJoin({ token }: { token: string }) {
  useEffect(() => rememberPendingJoin(token), [token])
  return (
    <Frame>
      <Heading>You’re invited to a household on Kinwise</Heading>
      <p className="mt-3 leading-relaxed text-muted-foreground">
        Someone shared this link so you can join their household and see the money you share. Sign
        in, or create a free account, to see who invited you and join. You come straight back to
        this invite afterwards.
      </p>
      <div className="mt-8 grid gap-3 sm:grid-cols-2">
        <Button asChild>
          <Link to="/auth/login">
            <LogIn aria-hidden="true" />
            Sign in
          </Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/auth/login?tab=register">
            <UserPlus aria-hidden="true" />
            Create an account
          </Link>
        </Button>
      </div>
    </Frame>
  )
}

/** What to do about a refusal, by its code (domain/household's refusals). */
function nextStep(
  code: string | null,
  status: number | null,
): { text: string; to: string; label: string } {
  switch (code) {
    case 'LEAVE_FIRST':
    case 'ALREADY_MEMBER':
      return {
        text:
          code === 'ALREADY_MEMBER'
            ? 'There is nothing to do: you are in this household already.'
            : 'You can do that on your Family page. Then open this link again.',
        to: '/family',
        label: 'Go to the Family page',
      }
    case 'SUBSCRIPTION_ACTIVE':
      return {
        text: 'Cancel your plan on the Subscription page, then open this link again.',
        to: '/subscription',
        label: 'Go to Subscription',
      }
    case 'HOUSEHOLD_FULL':
      return {
        text: 'Ask the person who invited you to make room, then open this link again.',
        to: '/',
        label: 'Go to your dashboard',
      }
    default:
      return {
        text:
          status === 404
            ? 'Check that you opened the whole link, or ask the person who invited you for a new one.'
            : status === 410
              ? 'Ask the person who invited you to send a new link.'
              : 'Try again in a moment. If it keeps failing, ask for a new link.',
        to: '/',
        label: 'Go to your dashboard',
      }
  }
}

function Refusal({ error, title }: { error: unknown; title?: string }) {
  const status = errorStatus(error)
  const step = nextStep(errorCode(error), status)
  const message = status === 404 ? 'This invite link does not exist.' : errorMessage(error)
  return (
    <div className="mt-6 grid gap-4" data-testid="join-refusal">
      <Alert variant="destructive">
        <CircleAlert aria-hidden="true" />
        <div className="grid gap-1">
          {title !== undefined && <p className="font-medium">{title}</p>}
          <p>{message}</p>
        </div>
      </Alert>
      <p className="text-sm text-muted-foreground">{step.text}</p>
      <Button asChild variant="outline" className="w-full sm:w-auto sm:justify-self-start">
        <Link to={step.to}>{step.label}</Link>
      </Button>
    </div>
  )
}

function PreviewSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading the invite">
      <Skeleton className="size-12 rounded-xl" />
      <Skeleton className="h-7 w-3/4" />
      <Skeleton className="h-4 w-2/3" />
      <div className="space-y-2 pt-4">
        <Skeleton className="h-3.5 w-full" />
        <Skeleton className="h-3.5 w-5/6" />
        <Skeleton className="h-3.5 w-4/6" />
      </div>
      <div className="flex gap-3 pt-4">
        <Skeleton className="h-10 w-32" />
        <Skeleton className="h-10 w-24" />
      </div>
    </div>
  )
}

function formatExpiry(iso: string, locale: string, timeZone: string | undefined): string {
  const date = new Date(iso)
  const options: Intl.DateTimeFormatOptions = { dateStyle: 'medium', timeStyle: 'short' }
  try {
    return new Intl.DateTimeFormat(locale, { ...options, timeZone }).format(date)
  } catch {
    return new Intl.DateTimeFormat('en-US', options).format(date)
  }
}

function SignedInJoin({ token }: { token: string }) {
  const { user } = useAuth()
  const navigate = useNavigate()
  const preview = useInvitePreview(token)
  const accept = useAcceptInvite(token)
  // the person is here: the invite no longer needs to wait for them
  useEffect(() => forgetPendingJoin(), [])

  if (preview.isLoading) {
    return (
      <Frame>
        <PreviewSkeleton />
      </Frame>
    )
  }
  if (preview.error || preview.data === undefined) {
    return (
      <Frame>
        <Heading>This invite can’t be used</Heading>
        <Refusal error={preview.error} />
      </Frame>
    )
  }

  const invite = preview.data
  const role = ROLE_LABELS[invite.role].toLowerCase()
  const blockedStep = invite.blocked ? nextStep(invite.blocked.code, 409) : null
  const join = () =>
    accept.mutate(undefined, {
      onSuccess: (household) => {
        toast({
          title: `Welcome to “${household.name}”`,
          description: `You joined as ${article(role)} ${role}.`,
        })
        navigate('/family', { replace: true })
      },
    })

  return (
    <Frame>
      <Heading>Join “{invite.householdName}”</Heading>
      <p className="mt-3 leading-relaxed text-muted-foreground" data-testid="join-offer">
        <strong className="font-medium text-foreground">{invite.invitedBy}</strong> invited you to
        join as {article(role)} <strong className="font-medium text-foreground">{role}</strong>.
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        The {role} role: {ROLE_DESCRIPTIONS[invite.role]}
      </p>
      <p className="mt-2 text-sm text-muted-foreground">
        This invite works until{' '}
        {formatExpiry(invite.expiresAt, user?.locale ?? 'en-US', user?.timeZone)}.
      </p>

      {invite.blocked !== null && blockedStep !== null ? (
        <div className="mt-6 grid gap-4" data-testid="join-blocked">
          <Alert variant="warning">
            <CircleAlert aria-hidden="true" />
            <p>{invite.blocked.message}</p>
          </Alert>
          <p className="text-sm text-muted-foreground">{blockedStep.text}</p>
          <div className="flex flex-col-reverse gap-2 sm:flex-row">
            <Button asChild variant="outline">
              <Link to="/">Not now</Link>
            </Button>
            <Button asChild>
              <Link to={blockedStep.to}>{blockedStep.label}</Link>
            </Button>
          </div>
        </div>
      ) : (
        <>
          <section aria-labelledby="join-consequences" className="mt-6 rounded-lg border p-4">
            <h2 id="join-consequences" className="text-sm font-semibold">
              What happens when you join
            </h2>
            <ul
              className="mt-2 list-disc space-y-1.5 pl-5 text-sm leading-relaxed"
              data-testid="join-consequences"
            >
              {invite.consequences.map((line) => (
                <li key={line}>{line}</li>
              ))}
            </ul>
          </section>
          {accept.error !== null && <Refusal error={accept.error} title="You could not join" />}
          <div className="mt-8 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button
              variant="outline"
              disabled={accept.isPending}
              onClick={() => navigate('/', { replace: true })}
            >
              Cancel
            </Button>
            <Button onClick={join} disabled={accept.isPending || accept.error !== null}>
              {accept.isPending ? 'Joining…' : `Join “${invite.householdName}”`}
            </Button>
          </div>
        </>
      )}
    </Frame>
  )
}

export function JoinPage() {
  const { token = '' } = useParams()
  const { user } = useAuth()
  useDocumentTitle('Join a household · Kinwise')
  return user === null ? <SignedOutJoin token={token} /> : <SignedInJoin token={token} />
}
