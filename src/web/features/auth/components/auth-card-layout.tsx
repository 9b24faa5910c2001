// The frame of the signed-out account pages (sign-in, forgot and reset password): logo and theme switch,
// one card in the middle, the way back to sign-in, the footer.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Logo } from '#src/web/components/logo'
import { SiteFooter } from '#src/web/components/site-footer'
import { ThemeToggle } from '#src/web/components/theme-toggle'
import { Card, CardContent } from '#src/web/components/ui/card'

/** The frame alone: the card holds what it is given, the way back leads to `back`. */
export function AuthFrame({
  back,
  children,
}: {
  back: { to: string; label: string }
  children: ReactNode
}) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="mx-auto flex h-16 w-full max-w-6xl items-center justify-between px-4 sm:px-6">
        <Logo />
        <ThemeToggle />
      </header>
      <main id="main" className="flex flex-1 items-start justify-center px-4 py-8 sm:items-center">
        <Card className="w-full max-w-md">
          <CardContent className="pt-6">{children}</CardContent>
        </Card>
      </main>
      <nav aria-label="Back" className="pb-4 text-center text-sm text-muted-foreground">
        <Link to={back.to} className="hover:text-foreground hover:underline">
          {back.label}
        </Link>
      </nav>
      <SiteFooter />
    </div>
  )
}

export function AuthCardLayout({
  title,
  intro,
  children,
}: {
  title: string
  intro: ReactNode
  children: ReactNode
}) {
  return (
    <AuthFrame back={{ to: '/auth/login', label: 'Back to sign in' }}>
      <h1 className="text-2xl font-bold tracking-tight">{title}</h1>
      <p className="mt-1 text-sm text-muted-foreground">{intro}</p>
      <div className="mt-6">{children}</div>
    </AuthFrame>
  )
}
