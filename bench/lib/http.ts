// A tiny keep-alive HTTP client for the bench (node:http, no fetch warm-up cost), timing each call.
import http from 'node:http'

const agent = new http.Agent({ keepAlive: true, maxSockets: 8 })

export type Reply = { status: number; headers: http.IncomingHttpHeaders; body: string; ms: number }

export function request(
  url: string,
  options: {
    method?: string
    headers?: Record<string, string>
    body?: unknown
    timeoutMs?: number
    fresh?: boolean
  } = {},
): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const payload = options.body === undefined ? undefined : JSON.stringify(options.body)
    const started = performance.now()
    const req = http.request(
      url,
      {
        method: options.method ?? 'GET',
        agent: options.fresh ? false : agent,
        headers: {
          ...(payload
            ? {
                'content-type': 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }
            : {}),
          ...options.headers,
        },
        timeout: options.timeoutMs ?? 30_000,
      },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (c: Buffer) => chunks.push(c))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            ms: performance.now() - started,
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('timeout', () => req.destroy(new Error(`timeout: ${url}`)))
    req.on('error', reject)
    if (payload) req.write(payload)
    req.end()
  })
}

/** Signs in and returns the Cookie header value of the session. */
export async function signIn(base: string, email: string, password: string): Promise<string> {
  const reply = await request(`${base}/api/auth/login`, {
    method: 'POST',
    body: { email, password },
  })
  if (reply.status !== 200)
    throw new Error(`sign-in failed (${String(reply.status)}): ${reply.body.slice(0, 200)}`)
  const raw = reply.headers['set-cookie'] ?? []
  const session = raw
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith('kinwise_session='))
  if (!session) throw new Error('sign-in gave no session cookie')
  return session
}
