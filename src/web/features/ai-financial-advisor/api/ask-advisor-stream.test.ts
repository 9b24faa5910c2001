// Reading the streamed answer as the server sends it (contract/advisor.ts): delta pieces split
// anywhere, then done with the answer; an error event; a stream cut short; and a server without
// the stream. fetch is replaced by one that answers what the real route would.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { askStreaming, StreamUnavailable } from './ask-advisor-stream'

const DONE = {
  conversationId: '11111111-1111-4111-8111-111111111111',
  reply: {
    text: 'You spent $138.75 on Groceries in October 2026.',
    figures: [
      {
        label: 'Groceries, October 2026',
        amount: 138.75,
        value: '$138.75',
        href: '/transactions?category=c&from=2026-10-01&to=2026-10-31',
      },
    ],
  },
  engine: 'model',
}

function streamOf(pieces: string[], status = 200): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      for (const piece of pieces) controller.enqueue(encoder.encode(piece))
      controller.close()
    },
  })
  return new Response(body, { status, headers: { 'content-type': 'text/event-stream' } })
}

function answerWith(response: Response) {
  const fetchMock = vi.fn(async (_url: string, _init?: RequestInit) => response)
  vi.stubGlobal('fetch', fetchMock)
  return fetchMock
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('askStreaming', () => {
  it('passes every delta on, then resolves with the decoded answer (cents)', async () => {
    const event = `event: done\ndata: ${JSON.stringify(DONE)}\n\n`
    const fetchMock = answerWith(
      streamOf([
        'event: delta\ndata: {"text":"You spent "}\n\nevent: del',
        'ta\ndata: {"text":"$138.75"}\n\n',
        event.slice(0, 30),
        event.slice(30),
      ]),
    )
    const deltas: string[] = []
    const answer = await askStreaming({ text: 'groceries last month' }, (t) => deltas.push(t))
    expect(deltas).toEqual(['You spent ', '$138.75'])
    expect(answer.conversationId).toBe(DONE.conversationId)
    expect(answer.reply.figures[0]?.amount).toBe(13875)
    expect(answer.engine).toBe('model')
    const [url, init] = fetchMock.mock.calls[0] ?? []
    expect(url).toBe('/api/advisor/messages/stream')
    expect(init?.method).toBe('POST')
    expect(init?.body).toBe(JSON.stringify({ text: 'groceries last month' }))
  })

  it("throws the error event's message", async () => {
    answerWith(
      streamOf(['event: delta\ndata: {"text":"You"}\n\n', 'event: error\ndata: {"message":"Something went wrong: please try again","code":"INTERNAL"}\n\n']),
    )
    await expect(askStreaming({ text: 'x' }, () => undefined)).rejects.toThrow(
      'Something went wrong: please try again',
    )
  })

  it('a stream that ends without done is an error, not an empty answer', async () => {
    answerWith(streamOf(['event: delta\ndata: {"text":"You"}\n\n']))
    await expect(askStreaming({ text: 'x' }, () => undefined)).rejects.toThrow(
      'The answer stopped before it was complete',
    )
  })

  it('a server without the stream says so for a new conversation; other refusals keep their status', async () => {
    answerWith(new Response('{"message":"Not found","code":"NOT_FOUND"}', { status: 404 }))
    await expect(askStreaming({ text: 'x' }, () => undefined)).rejects.toBeInstanceOf(
      StreamUnavailable,
    )
    answerWith(new Response('{"message":"Conversation not found","code":"NOT_FOUND"}', { status: 404 }))
    await expect(
      askStreaming({ text: 'x', conversationId: DONE.conversationId }, () => undefined),
    ).rejects.toThrow('404: {"message":"Conversation not found"')
    answerWith(new Response('{"message":"Upgrade","code":"PLAN_REQUIRED"}', { status: 403 }))
    await expect(askStreaming({ text: 'x' }, () => undefined)).rejects.toThrow(/^403: /)
  })
})
