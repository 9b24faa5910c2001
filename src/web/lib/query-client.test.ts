import { describe, expect, it } from 'vitest'
import { USER_QUERY_KEY } from './auth'
import { createQueryClient } from './query-client'

function refusedWith(code: string) {
  return () => Promise.reject(new Error(`403: {"code":"${code}","message":"refused"}`))
}

describe('a restricted answer reads the signed-in user again', () => {
  it('after a query refused with MFA_SETUP_REQUIRED', async () => {
    const client = createQueryClient()
    client.setQueryData(USER_QUERY_KEY, { id: 'u1' })
    await client
      .fetchQuery({ queryKey: ['/api/accounts'], queryFn: refusedWith('MFA_SETUP_REQUIRED') })
      .catch(() => null)
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true)
  })

  it('after a mutation refused with ACCOUNT_DELETION_PENDING', async () => {
    const client = createQueryClient()
    client.setQueryData(USER_QUERY_KEY, { id: 'u1' })
    await client
      .getMutationCache()
      .build(client, { mutationFn: refusedWith('ACCOUNT_DELETION_PENDING') })
      .execute(undefined)
      .catch(() => null)
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(true)
  })

  it('not after any other refusal', async () => {
    const client = createQueryClient()
    client.setQueryData(USER_QUERY_KEY, { id: 'u1' })
    await client
      .fetchQuery({ queryKey: ['/api/accounts'], queryFn: refusedWith('FORBIDDEN') })
      .catch(() => null)
    expect(client.getQueryState(USER_QUERY_KEY)?.isInvalidated).toBe(false)
  })
})
