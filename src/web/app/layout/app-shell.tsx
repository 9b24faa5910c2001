// The signed-in layout: the desktop sidebar (lg and up), the header, the page, and the mobile
// bottom bar (below lg). Pages load lazily inside it behind a spinner. Tooltips (700 ms) are
// only used here, so their provider lives here rather than at the root. Only the navigation that
// shows is rendered: a phone does not build the sidebar's twenty links, a desktop not the bar.
import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '../../components/ui/spinner'
import { TooltipProvider } from '../../components/ui/tooltip'
import { Logo } from '../../components/logo'
import { useAuth } from '../../lib/auth'
import { DESKTOP_QUERY, useMediaQuery } from '../../lib/use-media-query'
import { Header } from './header'
import { MobileNav } from './mobile-nav'
import { SidebarFooter } from './sidebar-footer'
import { SidebarNav } from './sidebar-nav'

export function AppShell() {
  const { user } = useAuth()
  const desktop = useMediaQuery(DESKTOP_QUERY)
  if (user === null) return <PageSpinner />
  return (
    <TooltipProvider>
      <div className="min-h-dvh lg:pl-64">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {desktop && (
          <aside
            data-testid="sidebar"
            className="fixed inset-y-0 left-0 z-40 hidden w-64 flex-col border-r bg-sidebar lg:flex"
          >
            <div className="flex h-16 items-center border-b px-5">
              <Logo />
            </div>
            <SidebarNav tier={user.subscriptionTier} />
            <SidebarFooter user={user} />
          </aside>
        )}
        <div className="flex min-h-dvh min-w-0 flex-col">
          <Header user={user} />
          <main id="main" tabIndex={-1} className="flex flex-1 flex-col pb-20 outline-none lg:pb-0">
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          </main>
        </div>
        {!desktop && <MobileNav />}
      </div>
    </TooltipProvider>
  )
}
