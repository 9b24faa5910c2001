// The whole app behind the first download: the query cache (seeded with the user the boot fetch
// found, so nothing is fetched twice), the gated route tables, and toasts.
import { QueryClientProvider } from '@tanstack/react-query'
import { useState } from 'react'
import type { User } from '../../contract/auth'
import { Toaster } from '../components/ui/toaster'
import { USER_QUERY_KEY } from '../lib/auth'
import { queryClient } from '../lib/query-client'
import { AppRoutes } from './routes'

function seedUser(user: User | null): boolean {
  if (user !== null && queryClient.getQueryData(USER_QUERY_KEY) === undefined) {
    queryClient.setQueryData(USER_QUERY_KEY, user)
  }
  return true
}

export function FullApp({ bootUser }: { bootUser: User | null }) {
  useState(() => seedUser(bootUser))
  return (
    <QueryClientProvider client={queryClient}>
      <AppRoutes />
      <Toaster />
    </QueryClientProvider>
  )
}
