// A local price provider speaking the shape of price-provider.ts, for tests: it answers the
// prices it is given, checks the key when one is set, and records what it was asked.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { ProviderPrice } from './price-provider'

export type FakePriceServer = {
  url: string
  /** symbols asked for, one list per request */
  requests: string[][]
  prices: Map<string, ProviderPrice>
  /** the next answers' status (200 by default) */
  status: number
  close(): Promise<void>
}

export async function startFakePriceServer(options: { key?: string; prices?: ProviderPrice[] } = {}): Promise<FakePriceServer> {
  const state = {
    requests: [] as string[][],
    prices: new Map((options.prices ?? []).map((p) => [p.symbol, p])),
    status: 200,
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (options.key && req.headers.authorization !== `Bearer ${options.key}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad key' }))
      return
    }
    const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean)
    state.requests.push(symbols)
    if (state.status !== 200) {
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{}')
      return
    }
    const prices = symbols.flatMap((s) => {
      const p = state.prices.get(s)
      return p ? [p] : []
    })
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ prices: [...prices, { symbol: 'JUNK', price: 'x' }] }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakePriceServer = {
    url: `http://127.0.0.1:${port}/prices`,
    requests: state.requests,
    prices: state.prices,
    get status() {
      return state.status
    },
    set status(value: number) {
      state.status = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
  return fake
}
