// Settings → Currencies: GET /api/currencies (base, currencies in use, latest rates), the rates
// of one currency, and the writes (base, a rate, a deletion, a CSV import). Every write moves
// converted figures, so balances, net worth, reports and investments refresh with it. The toasts
// are said here, not by the forms: a form may be replaced once the lists are refreshed.
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import {
  deleteRate,
  getCurrencies,
  importRates,
  listRates,
  putRate,
  setBaseCurrency,
  type putRateBody,
  type setBaseBody,
} from '#src/contract/currencies'
import { callEndpoint, errorMessage } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'

export const currencyKeys = {
  all: () => ['/api/currencies'] as const,
  rates: (currency: string) => ['/api/currencies', 'rates', currency] as const,
}

export function useCurrencies() {
  return useQuery({
    queryKey: currencyKeys.all(),
    queryFn: ({ signal }) => callEndpoint(getCurrencies, { signal }),
  })
}

export function useRates(currency: string | null) {
  return useQuery({
    queryKey: currencyKeys.rates(currency ?? ''),
    queryFn: ({ signal }) => callEndpoint(listRates, { query: { currency: currency ?? undefined }, signal }),
    enabled: currency !== null,
  })
}

const CONVERTED_ROOTS = [API_ROOTS.accounts, API_ROOTS.analytics, API_ROOTS.reports, API_ROOTS.investments] as const

async function refresh(queryClient: QueryClient, base = false): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: currencyKeys.all() }),
    invalidateRoots(queryClient, base ? [...CONVERTED_ROOTS, API_ROOTS.user, API_ROOTS.settings, API_ROOTS.spendingPlan] : CONVERTED_ROOTS),
  ])
}

export function useSetBaseCurrency() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (body: z.output<typeof setBaseBody>) => callEndpoint(setBaseCurrency, { body }),
    onSuccess: async (data) => {
      toast({ title: 'Base currency changed', description: `Totals and net worth are now in ${data.baseCurrency}.` })
      queryClient.setQueryData(currencyKeys.all(), data)
      await refresh(queryClient, true)
    },
  })
}

export function useSaveRate() {
  const queryClient = useQueryClient()
  const formatDate = useDateFormat()
  return useMutation({
    mutationFn: (body: z.output<typeof putRateBody>) => callEndpoint(putRate, { body }),
    onSuccess: async (saved) => {
      toast({ title: 'Rate saved', description: `1 ${saved.currency} = ${saved.rate} ${saved.quote} on ${formatDate(saved.date)}.` })
      await refresh(queryClient)
    },
  })
}

export function useDeleteRate() {
  const queryClient = useQueryClient()
  const formatDate = useDateFormat()
  return useMutation({
    mutationFn: (rate: { currency: string; quote: string; date: string }) => callEndpoint(deleteRate, { query: rate }),
    onSuccess: async (_none, rate) => {
      toast({ title: 'Rate deleted', description: `${rate.currency}/${rate.quote} on ${formatDate(rate.date)} is gone.` })
      await refresh(queryClient)
    },
    onError: (error) => toast({ title: 'Could not delete the rate', description: errorMessage(error), variant: 'destructive' }),
  })
}

export function useImportRates() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (csv: string) => callEndpoint(importRates, { body: { csv } }),
    onSuccess: async (r) => {
      toast({ title: 'Rates imported', description: `${r.imported} ${r.imported === 1 ? 'rate' : 'rates'} of ${r.currencies.join(', ')}.` })
      await refresh(queryClient)
    },
  })
}
