// A local rate provider speaking the shape of rate-provider.ts, for tests: it answers the rates
// it is given (per base), checks the key when one is set, and records what it was asked.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeRateServer = {
  url: string
  /** [base, symbols] of each request */
  requests: [string, string[]][]
  /** base → date and rates (1 base = rates[X] X) */
  rates: Map<string, { date: string; rates: Record<string, unknown> }>
  /** the next answers' status (200 by default) */
  status: number
  close(): Promise<void>
}

/** `answerBase`: answer every request with this base's rates (a service that ignores `base`). */
export async function startFakeRateServer(options: { key?: string; answerBase?: string } = {}): Promise<FakeRateServer> {
  const state = {
    requests: [] as [string, string[]][],
    rates: new Map<string, { date: string; rates: Record<string, unknown> }>(),
    status: 200,
  }
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (options.key && req.headers.authorization !== `Bearer ${options.key}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad key' }))
      return
    }
    const asked = url.searchParams.get('base') ?? 'EUR'
    const base = options.answerBase ?? asked
    const symbols = (url.searchParams.get('symbols') ?? '').split(',').filter(Boolean)
    state.requests.push([asked, symbols])
    if (state.status !== 200) {
      res.writeHead(state.status, { 'content-type': 'application/json' }).end('{}')
      return
    }
    const known = state.rates.get(base)
    const rates = Object.fromEntries(Object.entries(known?.rates ?? {}).filter(([s]) => symbols.includes(s) || s === 'JUNK'))
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ amount: 1, base, date: known?.date ?? '2026-03-13', rates }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  const fake: FakeRateServer = {
    url: `http://127.0.0.1:${port}/latest`,
    requests: state.requests,
    rates: state.rates,
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
