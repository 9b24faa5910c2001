// GET /api/bills (every bill, soonest first) and GET /api/bills/upcoming?days=30.
import { useQuery } from '@tanstack/react-query'
import { listBills, upcomingBills } from '../../../../contract/bills'
import { callEndpoint } from '../../../lib/api'
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
