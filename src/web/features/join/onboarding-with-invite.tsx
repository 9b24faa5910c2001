// Onboarding while an invite waits: a person who opened an invite link and is not onboarded yet
// sees the onboarding flow (on every path, docs/product.md §2) with a line above it saying the
// invite is kept for them; the link's token is remembered, so finishing onboarding continues to the
// invite.
import { MailOpen } from 'lucide-react'
import { useEffect, type ReactNode } from 'react'
import { useParams } from 'react-router'
import { pendingJoin, rememberPendingJoin } from './pending-join'

export function OnboardingWithInvite({ children }: { children: ReactNode }) {
  const { token } = useParams()
  useEffect(() => {
    if (token !== undefined) rememberPendingJoin(token)
  }, [token])
  const waiting = token !== undefined || pendingJoin() !== null
  return (
    <>
      {waiting && (
        <div
          role="status"
          className="flex items-center justify-center gap-2 border-b bg-accent px-4 py-2.5 text-center text-sm text-accent-foreground"
          data-testid="invite-waiting"
        >
          <MailOpen className="size-4 shrink-0" aria-hidden="true" />
          <span>Your invitation is waiting: finish these steps and we take you to it.</span>
        </div>
      )}
      {children}
    </>
  )
}
