// The signed-in layout: the desktop sidebar (lg and up), the header, the failed-payment banner
// (every member, while the household's payment is past due), the page, and the mobile bottom bar
// (below lg). Pages load lazily inside it behind a spinner. Only the navigation that
// shows is rendered: a phone neither builds nor downloads the sidebar, a desktop has no bar.
import { Suspense } from 'react'
import { Outlet } from 'react-router'
import { PageSpinner } from '#src/web/components/ui/spinner'
import { useAuth } from '#src/web/lib/auth'
import { BillingBannerSlot } from '#src/web/features/subscription/components/past-due-banner'
import { DESKTOP_QUERY, useMediaQuery } from '#src/web/lib/use-media-query'
import { Header } from './header'
import { MobileNav } from './mobile-nav'
import { QuickAddHost } from './quick-add-host'
import { lazyPage } from '#src/web/lib/lazy-page'
import { loadSidebar } from './sidebar-loader'

const Sidebar = lazyPage(loadSidebar, 'Sidebar')

export function AppShell() {
  const { user } = useAuth()
  const desktop = useMediaQuery(DESKTOP_QUERY)
  if (user === null) return <PageSpinner />
  return (
    <>
      <div className="min-h-dvh lg:pl-64">
        <a
          href="#main"
          className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
        >
          Skip to content
        </a>
        {desktop && (
          <Suspense
            fallback={
              <div className="fixed inset-y-0 left-0 hidden w-64 border-r bg-sidebar lg:block" />
            }
          >
            <Sidebar user={user} />
          </Suspense>
        )}
        <div className="flex min-h-dvh min-w-0 flex-col">
          <Header user={user} />
          <main id="main" tabIndex={-1} className="flex flex-1 flex-col pb-20 outline-none lg:pb-0">
            <BillingBannerSlot />
            <QuickAddHost>
              <Suspense fallback={<PageSpinner />}>
                <Outlet />
              </Suspense>
            </QuickAddHost>
          </main>
        </div>
        {!desktop && <MobileNav user={user} />}
      </div>
    </>
  )
}
