// POST /api/advisor/messages/stream: the same question answered as Server-Sent Events, `delta`
// pieces of the reply as the model writes them, then `done` with the body POST /messages would
// answer, or `error`. A server without the stream (404 for a new conversation) says so with
// StreamUnavailable, and the caller asks the plain way instead.
import { askAdvisorStream, askResponse, type AskResponse } from '#src/contract/advisor'
import { parseSse } from '../chat'

export class StreamUnavailable extends Error {}

export type AskInput = { conversationId?: string; text: string }

function readJson(data: string): unknown {
  try {
    return JSON.parse(data)
  } catch {
    return null
  }
}

function textOf(value: unknown, key: string): string | null {
  if (typeof value !== 'object' || value === null) return null
  const field: unknown = Reflect.get(value, key)
  return typeof field === 'string' ? field : null
}

export async function askStreaming(
  input: AskInput,
  onDelta: (text: string) => void,
  signal?: AbortSignal,
): Promise<AskResponse> {
  const res = await fetch(askAdvisorStream.path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'text/event-stream' },
    body: JSON.stringify(input),
    credentials: 'include',
    signal,
  })
  if (res.status === 404 && input.conversationId === undefined) {
    await res.body?.cancel().catch(() => undefined)
    throw new StreamUnavailable('The server does not stream answers')
  }
  if (!res.ok || res.body === null) {
    const text = (await res.text()) || res.statusText
    throw new Error(`${res.status}: ${text}`)
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader()
  let buffer = ''
  for (;;) {
    const { done, value } = await reader.read()
    if (value !== undefined) buffer += value
    const parsed = parseSse(done ? `${buffer}\n\n` : buffer)
    buffer = parsed.rest
    for (const event of parsed.events) {
      const data = readJson(event.data)
      if (event.event === 'delta') {
        const piece = textOf(data, 'text')
        if (piece !== null) onDelta(piece)
      } else if (event.event === 'done') {
        await reader.cancel().catch(() => undefined)
        return askResponse.parse(data)
      } else if (event.event === 'error') {
        await reader.cancel().catch(() => undefined)
        throw new Error(textOf(data, 'message') ?? 'The advisor could not answer.')
      }
    }
    if (done) throw new Error('The answer stopped before it was complete. Please ask again.')
  }
}
