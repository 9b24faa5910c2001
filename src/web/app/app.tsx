// The root of the web app. A visitor who is not signed in and opens / gets the landing page
// straight away, with no more JavaScript than it needs; every other visit (and the landing page
// once the visitor moves on) runs the full app with its query cache and gated routes.
import { Suspense, useEffect, useState } from 'react'
import { BrowserRouter, useLocation } from 'react-router'
import type { User } from '../../contract/auth'
import { PageSpinner } from '../components/ui/spinner'
import { fetchBootUser } from './boot'
import { lazyPage } from './lazy-page'

const FullApp = lazyPage(() => import('./full-app'), 'FullApp')
const LandingPage = lazyPage(() => import('../features/landing/landing-page'), 'LandingPage')

type Boot = { status: 'loading' } | { status: 'done'; user: User | null }

function Root() {
  const { pathname } = useLocation()
  const [boot, setBoot] = useState<Boot>({ status: 'loading' })
  const [fullApp, setFullApp] = useState(false)

  useEffect(() => {
    let live = true
    void fetchBootUser().then((user) => {
      if (live) setBoot({ status: 'done', user })
    })
    return () => {
      live = false
    }
  }, [])

  if (boot.status === 'loading') return <PageSpinner />
  const landing = !fullApp && boot.user === null && pathname === '/'
  // once the full app runs it keeps running: it knows about sign-ins that happen later
  if (!landing && !fullApp) setFullApp(true)
  return (
    <Suspense fallback={<PageSpinner />}>
      {landing ? <LandingPage /> : <FullApp bootUser={boot.user} />}
    </Suspense>
  )
}

export function App() {
  return (
    <BrowserRouter>
      <Root />
    </BrowserRouter>
  )
}
