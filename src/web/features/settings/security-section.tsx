// Settings → Security: where the member is signed in (device, address, when; this device marked)
// with sign-out of one or of all the others, the way to two-step verification, and the recent
// activity of the audit log (the owner's includes the household's member and plan changes).
import { KeyRound, LaptopMinimal, LogOut, ShieldCheck, Smartphone } from 'lucide-react'
import { Link } from 'react-router'
import type { AuditEntry } from '#src/contract/audit'
import type { Session } from '#src/contract/sessions'
import { ErrorState } from '#src/web/components/error-state'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { useAuditLog, useEndSession, useRevokeOtherSessions, useSessions } from './api/security'

const formats = new Map<string, Intl.DateTimeFormat>()

function formatWhen(iso: string, locale: string | undefined, timeZone: string | undefined): string {
  const key = `${locale ?? ''}|${timeZone ?? ''}`
  let format = formats.get(key)
  if (!format) {
    try {
      format = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone })
    } catch {
      format = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' })
    }
    formats.set(key, format)
  }
  return format.format(new Date(iso))
}

function isPhone(session: Session): boolean {
  return /iPhone|Android|iPad|Mobile/i.test(session.userAgent ?? '')
}

function SessionRow({ session, when }: { session: Session; when: (iso: string) => string }) {
  const end = useEndSession()
  const Icon = isPhone(session) ? Smartphone : LaptopMinimal
  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {session.device}
          {session.current && <Badge variant="accent">This device</Badge>}
        </p>
        <p className="text-sm text-muted-foreground">
          {session.ip ?? 'Unknown address'} · Signed in {when(session.createdAt)} · Last seen{' '}
          {when(session.lastSeenAt)}
        </p>
      </div>
      {!session.current && (
        <Button
          variant="outline"
          size="sm"
          disabled={end.isPending}
          aria-label={`Sign out ${session.device}, last seen ${when(session.lastSeenAt)}`}
          onClick={() => end.mutate({ id: session.id, device: session.device })}
        >
          Sign out
        </Button>
      )}
    </li>
  )
}

function SessionsList({ when }: { when: (iso: string) => string }) {
  const sessions = useSessions()
  const revoke = useRevokeOtherSessions()
  if (sessions.isLoading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading your devices">
        <Skeleton className="h-12 w-full" />
        <Skeleton className="h-12 w-full" />
      </div>
    )
  }
  if (sessions.error || !sessions.data) {
    return <ErrorState what="your devices" error={sessions.error} onRetry={() => void sessions.refetch()} />
  }
  const others = sessions.data.filter((s) => !s.current).length
  return (
    <div className="grid gap-3">
      <ul className="divide-y" aria-label="Signed-in devices">
        {sessions.data.map((s) => (
          <SessionRow key={s.id} session={s} when={when} />
        ))}
      </ul>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-muted-foreground">
          {others === 0 ? 'You are signed in on this device only.' : `Signed in on ${others} other device${others === 1 ? '' : 's'}.`}
        </p>
        <Button
          variant="outline"
          disabled={others === 0 || revoke.isPending}
          onClick={() => revoke.mutate()}
        >
          <LogOut aria-hidden="true" />
          Sign out all other devices
        </Button>
      </div>
    </div>
  )
}

/** "Role changed · Sam Example, by Ada Example" for household events and changes by others. */
function who(entry: AuditEntry, myId: string | undefined): string | null {
  const parts: string[] = []
  if (entry.subject && entry.subject.id !== myId) parts.push(entry.subject.name)
  if (entry.actor && entry.actor.id !== myId) parts.push(`by ${entry.actor.name}`)
  else if (entry.actor) parts.push('by you')
  return parts.length ? parts.join(', ') : null
}

function ActivityList({ when }: { when: (iso: string) => string }) {
  const { user } = useAuth()
  const log = useAuditLog()
  if (log.isLoading) {
    return (
      <div className="grid gap-2" role="status" aria-label="Loading recent activity">
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-10 w-full" />
      </div>
    )
  }
  if (log.error || !log.data) {
    return <ErrorState what="your recent activity" error={log.error} onRetry={() => void log.refetch()} />
  }
  const entries = log.data.pages.flatMap((p) => p.items)
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">Nothing yet.</p>
  return (
    <div className="grid gap-3">
      <ul className="divide-y" aria-label="Recent activity">
        {entries.map((e) => {
          const about = who(e, user?.id)
          const where = [e.device, e.ip].filter(Boolean).join(' · ')
          return (
            <li key={e.id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-0.5 py-2.5">
              <div className="min-w-0">
                <p className="font-medium">
                  {e.label}
                  {about && <span className="font-normal text-muted-foreground"> · {about}</span>}
                </p>
                {where && <p className="text-sm text-muted-foreground">{where}</p>}
              </div>
              <time dateTime={e.createdAt} className="text-sm text-muted-foreground tabular-nums">
                {when(e.createdAt)}
              </time>
            </li>
          )
        })}
      </ul>
      {log.hasNextPage && (
        <Button variant="outline" className="justify-self-start" disabled={log.isFetchingNextPage} onClick={() => void log.fetchNextPage()}>
          {log.isFetchingNextPage ? 'Loading…' : 'Show older activity'}
        </Button>
      )}
    </div>
  )
}

export function SecuritySection() {
  const { user } = useAuth()
  const when = (iso: string) => formatWhen(iso, user?.locale, user?.timeZone)
  return (
    <Card aria-labelledby="security-title">
      <CardHeader>
        <CardTitle id="security-title">Security</CardTitle>
        <CardDescription>Where you are signed in, how you sign in, and what happened lately.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-8">
        <section aria-labelledby="devices-title" className="grid gap-2">
          <h3 id="devices-title" className="font-semibold">
            Signed-in devices
          </h3>
          <SessionsList when={when} />
        </section>
        <section aria-labelledby="two-step-title" className="grid gap-2">
          <h3 id="two-step-title" className="font-semibold">
            Sign-in protection
          </h3>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-lg border p-3">
            <p className="flex items-center gap-2 text-sm">
              {user?.mfaEnabled ? (
                <ShieldCheck className="size-5 text-primary" aria-hidden="true" />
              ) : (
                <KeyRound className="size-5 text-muted-foreground" aria-hidden="true" />
              )}
              {user?.mfaEnabled
                ? 'Two-step verification is on.'
                : 'Two-step verification is off: a code from your phone would keep your account safe even if your password leaked.'}
            </p>
            <Button asChild variant="outline" size="sm">
              <Link to="/mfa-settings">Two-step verification</Link>
            </Button>
          </div>
          <p className="text-sm text-muted-foreground">
            Change your password on your{' '}
            <Link to="/profile" className="font-medium text-primary underline-offset-4 hover:underline">
              profile
            </Link>
            : your other devices are signed out when you do.
          </p>
        </section>
        <section aria-labelledby="activity-title" className="grid gap-2">
          <h3 id="activity-title" className="font-semibold">
            Recent activity
          </h3>
          <ActivityList when={when} />
        </section>
      </CardContent>
    </Card>
  )
}
