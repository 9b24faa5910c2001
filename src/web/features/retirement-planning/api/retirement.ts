// The retirement calls: the starting values from the household's data (GET
// /api/retirement/defaults) and the simulation with its what-ifs (POST /api/retirement/simulate),
// a query keyed on the inputs so the last answer stays on screen while the next one loads.
import { keepPreviousData, useQuery } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  retirementDefaults,
  simulateRetirement,
  type simulateRetirementBody,
} from '#src/contract/planning'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS } from '#src/web/lib/query-keys'

export type RetirementBody = z.output<typeof simulateRetirementBody>

export const retirementKeys = {
  all: [API_ROOTS.retirement] as const,
  defaults: [API_ROOTS.retirement, 'defaults'] as const,
  simulate: (body: RetirementBody | null) => [API_ROOTS.retirement, 'simulate', body] as const,
}

export function useRetirementDefaults() {
  return useQuery({
    queryKey: retirementKeys.defaults,
    queryFn: ({ signal }) => callEndpoint(retirementDefaults, { signal }),
  })
}

export function useRetirementSimulation(body: RetirementBody | null) {
  return useQuery({
    queryKey: retirementKeys.simulate(body),
    queryFn: ({ signal }) => {
      if (body === null) throw new Error('Nothing to simulate')
      return callEndpoint(simulateRetirement, { body, signal })
    },
    enabled: body !== null,
    placeholderData: keepPreviousData,
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  })
}
