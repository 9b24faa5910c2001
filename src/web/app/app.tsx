// The root of the web app. A visitor who is not signed in and opens / gets the landing page
// straight away, with no more JavaScript than it needs; every other visit (and the landing page
// once the visitor moves on) runs the full app with its query cache and gated routes.
import { startTransition, Suspense, useEffect, useState } from 'react'
import { BrowserRouter, useLocation } from 'react-router'
import { OfflineBar, OfflineScreen } from '../components/offline-screen'
import { PageSpinner } from '../components/ui/spinner'
import { fetchBootUser, type BootUser } from './boot'
import { lazyPage } from '../lib/lazy-page'
import { loadLandingPage } from './public-page-loaders'
import { loadFullApp, preloadRoute, rememberSignedIn } from './route-preload'

const FullApp = lazyPage(loadFullApp, 'FullApp')
const LandingPage = lazyPage(loadLandingPage, 'LandingPage')

type Boot = { status: 'loading' } | { status: 'done'; user: BootUser }

// ask who is signed in and start the page's chunks at once, before React's first render; the
// page renders when both are in, in one go (no Suspense fallback on the way, when they arrived)
const bootUser = fetchBootUser()
const preloaded = preloadRoute(window.location.pathname)

function Root() {
  const { pathname } = useLocation()
  const [boot, setBoot] = useState<Boot>({ status: 'loading' })
  const [fullApp, setFullApp] = useState(false)

  useEffect(() => {
    let live = true
    void bootUser.then(async (user) => {
      rememberSignedIn(user !== null && user !== undefined)
      await preloaded
      // a transition: React renders the page in short slices, the main thread stays responsive
      if (live) startTransition(() => setBoot({ status: 'done', user }))
    })
    return () => {
      live = false
    }
  }, [])

  if (boot.status === 'loading') return <PageSpinner />
  // the installed app opened without a connection (the service worker gave it its shell): the
  // server could not say who is signed in, and nothing of theirs is on the device to show
  if (boot.user === undefined && !navigator.onLine) return <OfflineScreen />
  const landing = !fullApp && !boot.user && pathname === '/'
  // once the full app runs it keeps running: it knows about sign-ins that happen later
  if (!landing && !fullApp) setFullApp(true)
  return (
    <>
      <Suspense fallback={<PageSpinner />}>
        {landing ? <LandingPage /> : <FullApp bootUser={boot.user} />}
      </Suspense>
      <OfflineBar />
    </>
  )
}

export function App() {
  return (
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  )
}
