// The local Plaid the e2e server talks to, started by scripts/e2e-server.mjs (through tsx) before
// the server: the server's own fake (src/server/integrations/banks/fake-plaid.ts, which follows
// Plaid's public API) on E2E_PLAID_PORT and, on the next port, a small control API for the specs
// (e2e/support/plaid.ts): a public token as Link's onSuccess would give, new transactions, an
// item whose bank asks to log in again, and the calls the server made.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { startFakePlaid, type FakePlaidAccount, type FakePlaidTransaction } from '../../src/server/integrations/banks/fake-plaid'
import { E2E_PLAID_KEYS, E2E_PLAID_PORT } from './plaid-ports.mjs'

const fake = await startFakePlaid({ ...E2E_PLAID_KEYS, port: E2E_PLAID_PORT })

async function bodyOf(req: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const text = Buffer.concat(chunks).toString('utf8')
  return text ? (JSON.parse(text) as Record<string, unknown>) : {}
}

async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
  const send = (status: number, body?: unknown): void => {
    res.writeHead(status, { 'content-type': 'application/json' }).end(body === undefined ? '' : JSON.stringify(body))
  }
  const path = new URL(req.url ?? '/', 'http://localhost').pathname
  const item = /^\/items\/([^/]+)(\/[a-z-]+)?$/.exec(path)
  if (req.method === 'GET' && path === '/health') return send(200, { ok: true })
  if (req.method === 'GET' && path === '/calls') return send(200, fake.calls)
  if (req.method === 'POST' && path === '/public-token') {
    const body = await bodyOf(req)
    const publicToken = fake.publicToken(body.accounts as FakePlaidAccount[], typeof body.institution === 'string' ? body.institution : undefined)
    const itemId = [...fake.items.keys()].at(-1) ?? ''
    return send(200, { publicToken, itemId, accessToken: fake.item(itemId).accessToken })
  }
  if (item?.[1]) {
    const itemId = decodeURIComponent(item[1])
    if (req.method === 'GET' && !item[2]) return send(200, { exists: fake.items.has(itemId) })
    if (!fake.items.has(itemId)) return send(404, { message: `no item ${itemId}` })
    if (req.method === 'POST' && item[2] === '/transactions') {
      fake.add(itemId, (await bodyOf(req)) as FakePlaidTransaction)
      return send(204)
    }
    if (req.method === 'POST' && item[2] === '/login-required') {
      fake.item(itemId).loginRequired = (await bodyOf(req)).value === true
      return send(204)
    }
  }
  send(404, { message: `no control route ${req.method ?? ''} ${path}` })
}

const control = createServer((req, res) => {
  handle(req, res).catch((error: unknown) => {
    res.writeHead(500, { 'content-type': 'application/json' }).end(JSON.stringify({ message: String(error) }))
  })
})
await new Promise<void>((resolve, reject) => {
  control.once('error', reject)
  control.listen(E2E_PLAID_PORT + 1, '127.0.0.1', resolve)
})
process.stdout.write(`fake-plaid: ready on ${fake.url}\n`)

const stop = () => {
  control.close()
  void fake.close()
  // keep-alive connections of the server's Plaid client would hold close() open
  setTimeout(() => process.exit(0), 500).unref()
}
process.on('SIGTERM', stop)
process.on('SIGINT', stop)
