// The writes of the investments page. Each one moves an investment account's value, so its
// balance, net worth and the dashboard refresh with the investments.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  createActivity,
  deleteActivity,
  importPrices,
  putPrice,
  putTargets,
  updateInvestmentAccount,
  createActivityBody,
  putPriceBody,
  type putTargetsBody,
  type COST_METHODS,
} from '#src/contract/investments'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'

const AFFECTED = [API_ROOTS.investments, API_ROOTS.accounts, API_ROOTS.analytics] as const

function useInvestmentMutation<V, R>(call: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: call,
    onSuccess: () => invalidateRoots(queryClient, AFFECTED),
  })
}

/** An activity as the form holds it (decimal amounts): decoded by the contract, then sent. */
export type NewActivity = z.input<typeof createActivityBody>

export function useCreateActivity() {
  return useInvestmentMutation((body: NewActivity) =>
    callEndpoint(createActivity, { body: createActivityBody.parse(body) }),
  )
}

export function useDeleteActivity() {
  return useInvestmentMutation((id: string) => callEndpoint(deleteActivity, { params: { id } }))
}

export function usePutPrice() {
  return useInvestmentMutation((body: z.input<typeof putPriceBody>) =>
    callEndpoint(putPrice, { body: putPriceBody.parse(body) }),
  )
}

export function useImportPrices() {
  return useInvestmentMutation((csv: string) => callEndpoint(importPrices, { body: { csv } }))
}

export function usePutTargets() {
  return useInvestmentMutation((body: z.output<typeof putTargetsBody>) =>
    callEndpoint(putTargets, { body }),
  )
}

export function useSetCostMethod() {
  return useInvestmentMutation(
    ({ id, costMethod }: { id: string; costMethod: (typeof COST_METHODS)[number] }) =>
      callEndpoint(updateInvestmentAccount, { params: { id }, body: { costMethod } }),
  )
}
