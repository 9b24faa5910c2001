// A local price provider speaking the shape of price-provider.ts, for tests: it answers the
// prices it is given, checks the key when one is set, and records what it was asked.
import { startFakeJsonServer, type FakeJsonServer } from '../fake-json-server'
import type { ProviderPrice } from './price-provider'

export type FakePriceServer = FakeJsonServer & {
  /** symbols asked for, one list per request */
  requests: string[][]
  prices: Map<string, ProviderPrice>
}

export async function startFakePriceServer(options: { key?: string; prices?: ProviderPrice[] } = {}): Promise<FakePriceServer> {
  const requests: string[][] = []
  const prices = new Map((options.prices ?? []).map((p) => [p.symbol, p]))
  const server = await startFakeJsonServer({
    key: options.key,
    path: '/prices',
    answer: (url) => {
      const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean)
      requests.push(symbols)
      const known = symbols.flatMap((s) => {
        const p = prices.get(s)
        return p ? [p] : []
      })
      return { prices: [...known, { symbol: 'JUNK', price: 'x' }] }
    },
  })
  return Object.assign(server, { requests, prices })
}
