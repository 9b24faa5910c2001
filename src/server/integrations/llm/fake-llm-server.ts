// A local stand-in for an OpenAI-compatible chat-completions endpoint, for tests and the e2e
// run: POST <base>/chat/completions with Bearer auth, answering JSON or, with `stream: true`,
// Server-Sent Events of chat.completion.chunk objects ending in `data: [DONE]`, tool calls
// included (id and name in the first piece, arguments split over several), as the public API
// documents. What it answers is scripted by the test; every request it got is kept.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

export type FakeReply = { content?: string; toolCalls?: { name: string; arguments: unknown }[] }

export type FakeRequest = {
  model: string
  stream: boolean
  messages: { role: string; content?: unknown; tool_calls?: unknown[]; tool_call_id?: string }[]
  tools: { type: string; function: { name: string; description?: string; parameters?: unknown } }[]
}

export type FakeLlm = {
  /** the base URL to give the SDK, e.g. http://127.0.0.1:40123/v1 */
  baseUrl: string
  apiKey: string
  requests: FakeRequest[]
  /** what the next requests get: a function of the request (and how many came before it) */
  script: (request: FakeRequest, index: number) => FakeReply
  close(): Promise<void>
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString('utf8')
}

/** Splits text in pieces of a few characters, as a model streams it. */
function pieces(text: string, size: number): string[] {
  const out: string[] = []
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size))
  return out
}

export async function startFakeLlm(options: { apiKey?: string; script?: FakeLlm['script'] } = {}): Promise<FakeLlm> {
  const apiKey = options.apiKey ?? 'sk-fake-test-key'
  let counter = 0
  const fake: FakeLlm = {
    baseUrl: '',
    apiKey,
    requests: [],
    script: options.script ?? (() => ({ content: 'Hello from the fake model.' })),
    close: async () => {
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
  const server: Server = createServer((req, res) => {
    void (async () => {
      const json = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' })
        res.end(JSON.stringify(body))
      }
      if (req.method !== 'POST' || !req.url?.endsWith('/chat/completions')) {
        json(404, { error: { message: 'Not found', type: 'invalid_request_error' } })
        return
      }
      if (req.headers.authorization !== `Bearer ${apiKey}`) {
        json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } })
        return
      }
      const body = JSON.parse(await readBody(req)) as Partial<FakeRequest>
      const request: FakeRequest = { model: body.model ?? '', stream: body.stream === true, messages: body.messages ?? [], tools: body.tools ?? [] }
      const index = fake.requests.length
      fake.requests.push(request)
      const reply = fake.script(request, index)
      counter += 1
      const id = `chatcmpl-fake${counter}`
      const created = Math.floor(Date.now() / 1000)
      const toolCalls = (reply.toolCalls ?? []).map((c, i) => ({
        id: `call_${counter}_${i}`,
        type: 'function' as const,
        function: { name: c.name, arguments: JSON.stringify(c.arguments) },
      }))
      const finish = toolCalls.length > 0 ? 'tool_calls' : 'stop'
      if (!request.stream) {
        json(200, {
          id,
          object: 'chat.completion',
          created,
          model: request.model,
          choices: [
            {
              index: 0,
              message: { role: 'assistant', content: reply.content ?? null, refusal: null, ...(toolCalls.length > 0 ? { tool_calls: toolCalls } : {}) },
              logprobs: null,
              finish_reason: finish,
            },
          ],
          usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
        })
        return
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' })
      const send = (delta: Record<string, unknown>, finishReason: string | null) =>
        res.write(`data: ${JSON.stringify({ id, object: 'chat.completion.chunk', created, model: request.model, choices: [{ index: 0, delta, logprobs: null, finish_reason: finishReason }] })}\n\n`)
      send({ role: 'assistant', content: '' }, null)
      for (const piece of pieces(reply.content ?? '', 7)) send({ content: piece }, null)
      toolCalls.forEach((call, i) => {
        send({ tool_calls: [{ index: i, id: call.id, type: 'function', function: { name: call.function.name, arguments: '' } }] }, null)
        for (const piece of pieces(call.function.arguments, 5)) send({ tool_calls: [{ index: i, function: { arguments: piece } }] }, null)
      })
      send({}, finish)
      res.write('data: [DONE]\n\n')
      res.end()
    })().catch(() => {
      if (!res.headersSent) res.writeHead(500)
      res.end()
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const { port } = server.address() as AddressInfo
  fake.baseUrl = `http://127.0.0.1:${port}/v1`
  return fake
}
