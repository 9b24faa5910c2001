// GET /api/rules: the household's rules in the order they are tried.
import { useQuery } from '@tanstack/react-query'
import { listRules } from '../../../../contract/rules'
import { callEndpoint } from '../../../lib/api'
import { ruleKeys } from './rule-keys'

export function useRules() {
  return useQuery({
    queryKey: ruleKeys.all,
    queryFn: ({ signal }) => callEndpoint(listRules, { signal }),
  })
}
