// GET /api/rules/dry-run: what each categorisation rule would change over the last 90 days, for
// the Automation Center's rules card. Read only, asked afresh each time the dialog opens.
import { useQuery } from '@tanstack/react-query'
import { dryRunRules } from '#src/contract/rules'
import { callEndpoint } from '#src/web/lib/api'

export function useRulesDryRun(enabled: boolean) {
  return useQuery({
    queryKey: [dryRunRules.path],
    queryFn: ({ signal }) => callEndpoint(dryRunRules, { signal }),
    enabled,
    staleTime: 0,
  })
}
