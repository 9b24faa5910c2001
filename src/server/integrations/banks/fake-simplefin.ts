// A local SimpleFIN Bridge following the public protocol (https://www.simplefin.org/protocol.html),
// for tests: setup tokens are Base64 of a claim URL; POST to it answers an Access URL with
// Basic credentials, once (403 after); GET {access}/accounts?start-date&end-date&pending=1 answers
// the Account Set with string amounts (positive = money in), general messages for the user in
// `errors`, and per-account failures in `errlist` (protocol 2) — or, as a version 1 bridge does,
// the failing account left out and its message in `errors`. Tests change the accounts and
// transactions between syncs and read the requests.
import { randomBytes } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeSfinTransaction = {
  id: string
  /** epoch seconds; 0 while pending */
  posted: number
  amount: string
  description: string
  payee?: string
  transacted_at?: number
  pending?: boolean
}

export type FakeSfinAccount = {
  id: string
  name: string
  currency: string
  balance: string
  'available-balance'?: string
  'balance-date': number
  org?: { domain?: string; name?: string; 'sfin-url'?: string }
  transactions: FakeSfinTransaction[]
  /**
   * the bank could not be read: protocol 2 answers an errlist entry for it and leaves its
   * transactions out; protocol 1 leaves the account out and puts this message in `errors`
   */
  broken?: string
  /** raw fields sent as they are (to send data that does not parse) */
  raw?: Record<string, unknown>
}

export type FakeSimplefin = {
  /** http://127.0.0.1:port */
  url: string
  accounts: FakeSfinAccount[]
  /** general messages in `errors` (strings meant for the user) */
  errors: string[]
  /** 2 (default): failures in errlist; 1: a broken account is left out, its message in `errors` */
  protocol: 1 | 2
  /** each GET /accounts: its query */
  requests: { startDate: number; endDate: number; pending: boolean }[]
  /** a new setup token (Base64 of a fresh claim URL) */
  setupToken(): string
  /** status of the next /accounts answers (200) */
  status: number
  close(): Promise<void>
}

export async function startFakeSimplefin(): Promise<FakeSimplefin> {
  const claims = new Map<string, boolean>()
  const credentials = new Set<string>()
  const state: { status: number; protocol: 1 | 2 } = { status: 200, protocol: 2 }
  const accounts: FakeSfinAccount[] = []
  const errors: string[] = []
  const requests: FakeSimplefin['requests'] = []
  let base = ''
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    const send = (status: number, body: string, type = 'text/plain') => res.writeHead(status, { 'content-type': type }).end(body)
    const claim = /^\/claim\/([A-Za-z0-9]+)$/.exec(url.pathname)
    if (claim?.[1] && req.method === 'POST') {
      const token = claim[1]
      if (!claims.has(token)) return send(404, 'no such token')
      if (claims.get(token)) return send(403, 'already claimed')
      claims.set(token, true)
      const user = randomBytes(6).toString('hex')
      const pass = randomBytes(12).toString('hex')
      credentials.add(`${user}:${pass}`)
      return send(200, `${base.replace('://', `://${user}:${pass}@`)}/simplefin`)
    }
    if (url.pathname === '/simplefin/accounts' && req.method === 'GET') {
      const auth = req.headers.authorization ?? ''
      const decoded = auth.startsWith('Basic ') ? Buffer.from(auth.slice(6), 'base64').toString('utf8') : ''
      if (!credentials.has(decoded)) return send(403, 'forbidden')
      if (state.status !== 200) return send(state.status, 'unavailable')
      const start = Number(url.searchParams.get('start-date') ?? 0)
      const end = Number(url.searchParams.get('end-date') ?? Number.MAX_SAFE_INTEGER)
      const pending = url.searchParams.get('pending') === '1'
      requests.push({ startDate: start, endDate: end, pending })
      // the protocol: transactions posted on or after start-date and before end-date
      const inWindow = (t: FakeSfinTransaction) => {
        const when = t.posted > 0 ? t.posted : (t.transacted_at ?? 0)
        return when >= start && when < end
      }
      const v1 = state.protocol === 1
      const brokenOnes = accounts.flatMap((a) => (a.broken ? [{ id: a.id, msg: a.broken }] : []))
      const body = {
        errors: [...errors, ...(v1 ? brokenOnes.map((b) => b.msg) : [])],
        ...(v1 ? {} : { errlist: brokenOnes.map((b) => ({ code: 'con.auth', msg: b.msg, account_id: b.id })) }),
        accounts: accounts.filter((a) => !(v1 && a.broken)).map((a) => {
          const { broken, raw, transactions, ...rest } = a
          return {
            org: { domain: 'bank.example', name: 'Example Bank', 'sfin-url': base },
            ...rest,
            transactions: broken
              ? []
              : transactions.filter((t) => inWindow(t) && (pending || !(t.pending === true || t.posted === 0))),
            ...raw,
          }
        }),
      }
      return send(200, JSON.stringify(body), 'application/json')
    }
    send(404, 'not found')
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  base = `http://127.0.0.1:${String(port)}`
  return {
    url: base,
    accounts,
    errors,
    requests,
    setupToken() {
      const token = randomBytes(8).toString('hex')
      claims.set(token, false)
      return Buffer.from(`${base}/claim/${token}`).toString('base64')
    },
    get status() {
      return state.status
    },
    set status(value: number) {
      state.status = value
    },
    get protocol() {
      return state.protocol
    },
    set protocol(value: 1 | 2) {
      state.protocol = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
