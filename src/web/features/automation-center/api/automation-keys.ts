// Query keys of the Automation Center, URL parts under '/api/automations': the list, each
// automation's run history and its dry run. A change refreshes everything under the root.
import type { QueryClient } from '@tanstack/react-query'
import { invalidateLedger, API_ROOTS } from '#src/web/lib/query-keys'

export const AUTOMATIONS_ROOT = '/api/automations'

export const automationKeys = {
  all: [AUTOMATIONS_ROOT] as const,
  runs: (id: string) => [`${AUTOMATIONS_ROOT}/${id}/runs`] as const,
  dryRun: (id: string) => [`${AUTOMATIONS_ROOT}/${id}/dry-run`] as const,
}

/** Refreshes the list, every history and every dry run. */
export function invalidateAutomations(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({
    predicate: (query) => {
      const head = query.queryKey[0]
      return (
        typeof head === 'string' &&
        (head === AUTOMATIONS_ROOT || head.startsWith(`${AUTOMATIONS_ROOT}/`))
      )
    },
  })
}

/** After a run or an undo: what it made (transactions, goal money, reminders) moved too. */
export async function invalidateAfterRun(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    invalidateAutomations(queryClient),
    invalidateLedger(queryClient, [API_ROOTS.goals, API_ROOTS.reminders]),
  ])
}
