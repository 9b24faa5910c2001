// The HTTP half of the local fakes of the price and rate providers, for tests: a server on a free
// port that checks the bearer key when one is set, answers with the status a test sets (200 by
// default, `{}` otherwise), and else with the JSON the fake makes of the request.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeJsonServer = {
  url: string
  /** the next answers' status (200 by default) */
  status: number
  close(): Promise<void>
}

/** `answer` sees every request with the right key (to record it) and makes the 200 answer's body. */
export async function startFakeJsonServer(options: {
  key?: string | undefined
  path: string
  answer: (url: URL) => unknown
}): Promise<FakeJsonServer> {
  let status = 200
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (options.key && req.headers.authorization !== `Bearer ${options.key}`) {
      res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'bad key' }))
      return
    }
    const body = options.answer(url)
    if (status !== 200) {
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}')
      return
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}${options.path}`,
    get status() {
      return status
    },
    set status(value: number) {
      status = value
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
