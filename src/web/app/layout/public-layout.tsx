// The signed-out layout for feature descriptions, legal pages and the 404 page: a header with
// Sign In (a browser navigation to the login endpoint), the page, and the footer.
import { Suspense } from 'react'
import { Outlet, useLocation } from 'react-router'
import { Button } from '#src/web/components/ui/button'
import { PageSpinner } from '#src/web/components/ui/spinner'
import { Logo } from '#src/web/components/logo'
import { PageTitleIsTopHeading } from '#src/web/components/page-heading'
import { SiteFooter } from '#src/web/components/site-footer'
import { ThemeToggle } from '#src/web/components/theme-toggle'
import { useDocumentTitle } from '#src/web/lib/document-title'
import { pageTitle } from '../page-titles'

export function PublicLayout() {
  const { pathname } = useLocation()
  useDocumentTitle(`${pageTitle(pathname)} · Kinwise`)
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Button asChild>
              <a href="/api/login">Sign In</a>
            </Button>
          </div>
        </div>
      </header>
      <main id="main" className="flex-1">
        <PageTitleIsTopHeading>
          <Suspense fallback={<PageSpinner />}>
            <Outlet />
          </Suspense>
        </PageTitleIsTopHeading>
      </main>
      <SiteFooter />
    </div>
  )
}
