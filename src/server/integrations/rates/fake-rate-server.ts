// A local rate provider speaking the shape of rate-provider.ts, for tests: it answers the rates
// it is given (per base), checks the key when one is set, and records what it was asked.
import { startFakeJsonServer, type FakeJsonServer } from '../fake-json-server'

export type FakeRateServer = FakeJsonServer & {
  /** [base, symbols] of each request */
  requests: [string, string[]][]
  /** base → date and rates (1 base = rates[X] X) */
  rates: Map<string, { date: string; rates: Record<string, unknown> }>
}

/** `answerBase`: answer every request with this base's rates (a service that ignores `base`). */
export async function startFakeRateServer(options: { key?: string; answerBase?: string } = {}): Promise<FakeRateServer> {
  const requests: [string, string[]][] = []
  const rates = new Map<string, { date: string; rates: Record<string, unknown> }>()
  const server = await startFakeJsonServer({
    key: options.key,
    path: '/latest',
    answer: (url) => {
      const asked = url.searchParams.get('base') ?? 'EUR'
      const base = options.answerBase ?? asked
      const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean)
      requests.push([asked, symbols])
      const known = rates.get(base)
      const answered = Object.fromEntries(Object.entries(known?.rates ?? {}).filter(([s]) => symbols.includes(s) || s === 'JUNK'))
      return { amount: 1, base, date: known?.date ?? '2026-03-13', rates: answered }
    },
  })
  return Object.assign(server, { requests, rates })
}
