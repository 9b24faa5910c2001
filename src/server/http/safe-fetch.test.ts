// The one call to user-given addresses: refused at connect time when the name turns to an
// internal address after the check passed (DNS rebinding), and a plain call with local providers allowed.
import { createServer, type Server } from 'node:http'
import type { AddressInfo, LookupFunction } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { publicOnlyLookup, safeFetch } from './safe-fetch'
import { UnsafeUrlError } from './safe-url'

let server: Server
let port = 0
let connections = 0
let requests: { method: string; url: string; body: string }[] = []

beforeAll(async () => {
  server = createServer((req, res) => {
    let body = ''
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')))
    req.on('end', () => {
      requests.push({ method: req.method ?? '', url: req.url ?? '', body })
      if (req.url === '/moved') res.writeHead(302, { location: 'http://169.254.169.254/' }).end()
      else res.writeHead(201, { 'content-type': 'text/plain' }).end('hello')
    })
  })
  server.on('connection', () => (connections += 1))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})
afterAll(async () => {
  await new Promise((resolve) => server.close(resolve))
})

describe('safeFetch', () => {
  it('refuses at connect time a name that answered a public address to the check and loopback after (DNS rebinding)', async () => {
    connections = 0
    const asked: string[] = []
    // the first answer passes checkSafeUrl; the socket's own lookup then gets 127.0.0.1
    const rebinding = async (host: string) => {
      asked.push(host)
      return asked.length === 1 ? ['93.184.215.14'] : ['127.0.0.1']
    }
    const error: unknown = await safeFetch(
      `https://rebind.example:${String(port)}/hook`,
      { method: 'POST', body: '{}', timeoutMs: 5000 },
      { allowLocal: false, resolve: rebinding },
    ).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(UnsafeUrlError)
    expect((error as UnsafeUrlError).message).toContain('rebind.example')
    expect(asked).toEqual(['rebind.example', 'rebind.example'])
    expect(connections).toBe(0)
  })

  it('refuses localhost and internal address literals before connecting', async () => {
    connections = 0
    for (const url of [`https://localhost:${String(port)}/`, `https://[::ffff:7f00:1]:${String(port)}/`, `https://[64:ff9b::127.0.0.1]:${String(port)}/`]) {
      await expect(safeFetch(url, { method: 'GET' }, { allowLocal: false }), url).rejects.toBeInstanceOf(UnsafeUrlError)
    }
    expect(connections).toBe(0)
  })

  it('with local providers allowed, calls any address and answers like fetch, never following a redirect', async () => {
    requests = []
    const res = await safeFetch(
      `http://127.0.0.1:${String(port)}/hook?x=1`,
      { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"a":1}' },
      { allowLocal: true },
    )
    expect(res.status).toBe(201)
    expect(res.ok).toBe(true)
    expect(res.headers.get('content-type')).toBe('text/plain')
    expect(await res.text()).toBe('hello')
    expect(requests).toEqual([{ method: 'POST', url: '/hook?x=1', body: '{"a":1}' }])
    const moved = await safeFetch(`http://127.0.0.1:${String(port)}/moved`, { method: 'GET' }, { allowLocal: true })
    expect(moved.status).toBe(302)
    expect(requests).toHaveLength(2)
  })
})

describe('publicOnlyLookup', () => {
  const ask = (lookup: LookupFunction, options: Parameters<LookupFunction>[1]) =>
    new Promise<{ error: Error | null; address: unknown; family: unknown }>((resolve) =>
      lookup('bridge.example', options, (error, address, family) => resolve({ error, address, family })),
    )

  it('answers public addresses in both shapes the socket asks for, by family', async () => {
    const lookup = publicOnlyLookup(() => Promise.resolve(['2606:4700::1', '93.184.215.14']))
    expect(await ask(lookup, {})).toEqual({ error: null, address: '2606:4700::1', family: 6 })
    expect(await ask(lookup, { family: 4 })).toEqual({ error: null, address: '93.184.215.14', family: 4 })
    expect((await ask(lookup, { all: true })).address).toEqual([
      { address: '2606:4700::1', family: 6 },
      { address: '93.184.215.14', family: 4 },
    ])
  })

  it('refuses when any answer is internal, in whatever form', async () => {
    for (const answer of ['127.0.0.1', '::ffff:7f00:1', '64:ff9b::a9fe:a9fe', '2002:a00:1::', 'fec0::1']) {
      const { error } = await ask(publicOnlyLookup(() => Promise.resolve(['93.184.215.14', answer])), { all: true })
      expect(error, answer).toBeInstanceOf(UnsafeUrlError)
    }
  })
})
