// The debt planning calls: the household's debts to start from (GET /api/debt-planning/debts)
// and the simulation (POST /api/debt-planning/simulate), a query keyed on the plan's inputs so
// the same inputs are answered from the cache and the last answer stays while the next loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  listDebtCandidates,
  simulateDebtPlan,
  type simulateDebtBody,
} from '#src/contract/planning'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS } from '#src/web/lib/query-keys'

export type DebtPlanBody = z.output<typeof simulateDebtBody>

export const debtPlanningKeys = {
  all: [API_ROOTS.debtPlanning] as const,
  debts: [API_ROOTS.debtPlanning, 'debts'] as const,
  simulate: (body: DebtPlanBody | null) => [API_ROOTS.debtPlanning, 'simulate', body] as const,
}

export function useDebtCandidates() {
  return useQuery({
    queryKey: debtPlanningKeys.debts,
    queryFn: ({ signal }) => callEndpoint(listDebtCandidates, { signal }),
  })
}

export function useDebtSimulation(body: DebtPlanBody | null) {
  return useQuery({
    queryKey: debtPlanningKeys.simulate(body),
    queryFn: ({ signal }) => {
      if (body === null) throw new Error('Nothing to simulate')
      return callEndpoint(simulateDebtPlan, { body, signal })
    },
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
