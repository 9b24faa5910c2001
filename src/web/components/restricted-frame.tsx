// The plain frame of a restricted session (ADR 0024): the logo, the theme switch and Sign out
// above one page, for the states where the server opens only a few calls (MFA set-up required,
// account deletion pending).
import type { ReactNode } from 'react'
import { LogOut } from 'lucide-react'
import { cn } from '../lib/cn'
import { signOut } from '../lib/auth'
import { Logo } from './logo'
import { ThemeToggle } from './theme-toggle'
import { Button } from './ui/button'

export function RestrictedFrame({
  width,
  testId,
  children,
}: {
  /** the content's width: max-w-2xl or max-w-3xl */
  width: '2xl' | '3xl'
  testId: string
  children: ReactNode
}) {
  const max = width === '2xl' ? 'max-w-2xl' : 'max-w-3xl'
  return (
    <div className="flex min-h-dvh flex-col" data-testid={testId}>
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className={cn('mx-auto flex h-16 w-full items-center gap-2 px-4 sm:px-6', max)}>
          <Logo className="mr-auto" />
          <ThemeToggle />
          <Button variant="ghost" onClick={signOut}>
            <LogOut aria-hidden="true" />
            Sign out
          </Button>
        </div>
      </header>
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        {children}
      </main>
    </div>
  )
}
