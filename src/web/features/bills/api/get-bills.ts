// GET /api/bills (every bill, soonest first), GET /api/bills/upcoming?days=30 and
// GET /api/bills/payments?from&to (what was paid, for the calendar).
import { useQuery } from '@tanstack/react-query'
import { listBillPayments, listBills, upcomingBills } from '#src/contract/bills'
import { callEndpoint } from '#src/web/lib/api'
import { billKeys } from './bill-keys'

export const UPCOMING_DAYS = 30

export function useBillList() {
  return useQuery({
    queryKey: billKeys.all,
    queryFn: ({ signal }) => callEndpoint(listBills, { signal }),
  })
}

export function useUpcomingBillList() {
  return useQuery({
    queryKey: billKeys.upcoming(UPCOMING_DAYS),
    queryFn: ({ signal }) =>
      callEndpoint(upcomingBills, { query: { days: UPCOMING_DAYS }, signal }),
  })
}

export function useBillPayments(from: string, to: string) {
  return useQuery({
    queryKey: billKeys.payments(from, to),
    queryFn: ({ signal }) => callEndpoint(listBillPayments, { query: { from, to }, signal }),
  })
}
