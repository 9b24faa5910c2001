// GET /api/bills/:id/payments (the payments tied to a bill's due dates) and GET
// /api/bills/:id/matches (what in the ledger could pay its next due date: Mark paid's offer).
import { useQuery } from '@tanstack/react-query'
import { billMatches, listBillLinks } from '#src/contract/bills'
import { callEndpoint } from '#src/web/lib/api'
import { billKeys } from './bill-keys'

export function useBillLinks(id: string, enabled: boolean) {
  return useQuery({
    queryKey: billKeys.links(id),
    queryFn: ({ signal }) => callEndpoint(listBillLinks, { params: { id }, signal }),
    enabled,
  })
}

export function useBillMatches(id: string) {
  return useQuery({
    queryKey: billKeys.matches(id),
    queryFn: ({ signal }) => callEndpoint(billMatches, { params: { id }, signal }),
  })
}
