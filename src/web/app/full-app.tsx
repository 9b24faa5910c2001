// The whole app behind the first download: the query cache (seeded with the user the boot fetch
// found, so nothing is fetched twice), the gated route tables, and toasts (their Radix UI
// downloads with the first toast, not before the first page).
import { QueryClientProvider } from '@tanstack/react-query'
import { Suspense, useState } from 'react'
import { USER_QUERY_KEY } from '../lib/auth'
import { queryClient } from '../lib/query-client'
import { useToasts } from '../lib/toast'
import { lazyPage } from '../lib/lazy-page'
import type { BootUser } from './boot'
import { AppRoutes } from './routes'

const Toaster = lazyPage(() => import('../components/ui/toaster'), 'Toaster')

// a signed-out answer is seeded too: the sign-in page renders without asking again
function seedUser(user: BootUser): boolean {
  if (user !== undefined && queryClient.getQueryData(USER_QUERY_KEY) === undefined) {
    queryClient.setQueryData(USER_QUERY_KEY, user)
  }
  return true
}

function ToasterOnFirstToast() {
  const [wanted, setWanted] = useState(false)
  const any = useToasts().length > 0
  if (any && !wanted) setWanted(true)
  if (!wanted && !any) return null
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  )
}

export function FullApp({ bootUser }: { bootUser: BootUser }) {
  useState(() => seedUser(bootUser))
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <ToasterOnFirstToast />
    </QueryClientProvider>
  )
}
