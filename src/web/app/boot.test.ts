// fetchBootUser: API answers are Cache-Control: no-store, so a body nobody reads keeps its
// request open in the browser (the page never goes quiet). The 401 and error answers are drained.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { fetchBootUser } from './boot'

/** An answer whose body stays open (as a network body does until read) unless `ended`. */
function answer(status: number, body: string, ended = false): { response: Response; cancelled: () => boolean } {
  let cancelled = false
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(body))
      if (ended) controller.close()
    },
    cancel() {
      cancelled = true
    },
  })
  return { response: new Response(stream, { status, headers: { 'content-type': 'application/json' } }), cancelled: () => cancelled }
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('fetchBootUser', () => {
  it('answers null for 401 and lets go of the body', async () => {
    const { response, cancelled } = answer(401, '{"message":"Unauthorized","code":"UNAUTHORIZED"}')
    vi.stubGlobal('fetch', vi.fn(async () => response))
    expect(await fetchBootUser()).toBeNull()
    expect(cancelled()).toBe(true)
  })

  it('answers undefined (ask again later) for a server error and lets go of the body', async () => {
    const { response, cancelled } = answer(503, '{"message":"Unavailable","code":"UNAVAILABLE"}')
    vi.stubGlobal('fetch', vi.fn(async () => response))
    expect(await fetchBootUser()).toBeUndefined()
    expect(cancelled()).toBe(true)
  })

  it('reads the signed-in user', async () => {
    const { response } = answer(200, '{"id":"u1","firstName":"Ada"}', true)
    vi.stubGlobal('fetch', vi.fn(async () => response))
    expect(await fetchBootUser()).toEqual({ id: 'u1', firstName: 'Ada' })
  })
})
