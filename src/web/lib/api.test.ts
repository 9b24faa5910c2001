// getQueryFn's signed-out answer: the 401's body is let go (API answers are no-store, so an
// unread body keeps its request open in the browser and the page never goes quiet).
import { QueryClient } from '@tanstack/react-query'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { getQueryFn } from './api'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('getQueryFn', () => {
  it('answers null for a 401 when asked to, and lets go of the body', async () => {
    let cancelled = false
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"message":"Unauthorized","code":"UNAUTHORIZED"}'))
      },
      cancel() {
        cancelled = true
      },
    })
    vi.stubGlobal('fetch', vi.fn(async () => new Response(body, { status: 401 })))
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } })
    const user = await client.fetchQuery({ queryKey: ['/api/auth/user'], queryFn: getQueryFn({ on401: 'returnNull' }) })
    expect(user).toBeNull()
    expect(cancelled).toBe(true)
  })
})
