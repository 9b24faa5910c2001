// Creating, editing, deleting and paying bills, and tying payments to them by hand. A bill's due dates are in the spending plan and
// the dashboard; paying one records a transaction, so the whole ledger refreshes.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createBill,
  deleteBill,
  linkBillPayment,
  payBill,
  unlinkBillPayment,
  updateBill,
  type createBillBody,
  type linkBillPaymentBody,
  type payBillBody,
  type updateBillBody,
} from '#src/contract/bills'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateLedger } from '#src/web/lib/query-keys'

const ALSO = [API_ROOTS.bills, API_ROOTS.reminders] as const

export function useCreateBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof createBillBody>) => callEndpoint(createBill, { body }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

export function useUpdateBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof updateBillBody> }) =>
      callEndpoint(updateBill, { params: { id }, body }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

export function useDeleteBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteBill, { params: { id } }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

export function usePayBill() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof payBillBody> }) =>
      callEndpoint(payBill, { params: { id }, body }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

/** Ties a ledger payment to a due date of the bill by hand. */
export function useLinkPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, body }: { id: string; body: z.output<typeof linkBillPaymentBody> }) =>
      callEndpoint(linkBillPayment, { params: { id }, body }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}

/** Unties a payment from the bill (the matcher leaves it untied from then on). */
export function useUnlinkPayment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ id, paymentId }: { id: string; paymentId: string }) =>
      callEndpoint(unlinkBillPayment, { params: { id, paymentId } }),
    onSuccess: () => invalidateLedger(queryClient, ALSO),
  })
}
