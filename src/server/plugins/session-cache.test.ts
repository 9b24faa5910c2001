// The in-process session cache (ADR 0015): what a user does on this instance takes effect on
// their very next request; what changes elsewhere (another instance, the CLI) is seen once the
// cached entry is older than its lifetime.
import { randomUUID } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { holdEmbedded } from '../db/connect'
import { sessions } from '../db/schema'
import { resetLinkFor } from '../modules/auth/password-reset'
import { createTestApp, setTestPlan, signUp, type TestContext } from '../test/helper'

const TTL = 10_000
let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ sessionCacheMs: TTL })
})
afterAll(async () => {
  await t.close()
})

describe('session cache', () => {
  it('signs out at once: POST /api/auth/logout and the /api/logout navigation', async () => {
    const a = await signUp(t.app)
    expect((await a.get('/api/auth/user')).statusCode).toBe(200)
    expect((await a.post('/api/auth/logout')).statusCode).toBe(200)
    expect((await a.get('/api/auth/user')).statusCode).toBe(401)
    const b = await signUp(t.app)
    expect((await b.get('/api/accounts')).statusCode).toBe(200)
    expect((await b.get('/api/logout')).statusCode).toBe(302)
    expect((await b.get('/api/accounts')).statusCode).toBe(401)
  })

  it('ends the other sessions at once when the password changes', async () => {
    const a = await signUp(t.app, { password: 'first password here' })
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: a.user.email, password: 'first password here' },
    })
    const other = String(login.headers['set-cookie']).split(';')[0] ?? ''
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other } }))
        .statusCode,
    ).toBe(200)
    const changed = await a.post('/api/user/password', {
      currentPassword: 'first password here',
      newPassword: 'second password here',
    })
    expect(changed.statusCode).toBe(200)
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other } }))
        .statusCode,
    ).toBe(401)
    // this browser's session was replaced: its old cookie is refused too, the new one works
    expect((await a.get('/api/auth/user')).statusCode).toBe(401)
    const rotated = String(changed.headers['set-cookie']).split(';')[0] ?? ''
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: rotated } }))
        .statusCode,
    ).toBe(200)
  })

  it('ends every cached session at once on a password reset and on sign-out from another device', async () => {
    const a = await signUp(t.app, { password: 'first password here' })
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: 'first password here' } })
    const other = String(login.headers['set-cookie']).split(';')[0] ?? ''
    const otherGet = () => t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: other } })
    expect((await otherGet()).statusCode).toBe(200)
    // sign the other one out from this device (Settings → Security)
    const mine = (await a.get('/api/auth/sessions')).json() as { id: string; current: boolean }[]
    const otherId = mine.find((x) => !x.current)?.id ?? ''
    expect((await a.delete(`/api/auth/sessions/${otherId}`)).statusCode).toBe(200)
    expect((await otherGet()).statusCode).toBe(401)
    // a reset (no session of theirs makes it) ends the cached ones too
    expect((await a.get('/api/auth/user')).statusCode).toBe(200)
    const link = await resetLinkFor(t.database.db, t.config, a.user.email, t.clock.now())
    const token = new URL(link ?? '').searchParams.get('token') ?? ''
    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/password-reset/confirm', payload: { token, password: 'second password here' } })
    expect(reset.statusCode).toBe(200)
    expect((await a.get('/api/auth/user')).statusCode).toBe(401)
  })

  it('shows a settings change on the next request', async () => {
    const a = await signUp(t.app)
    expect((await a.get('/api/user/settings')).json().timeZone).toBe('UTC')
    expect((await a.patch('/api/user/settings', { timeZone: 'Europe/Berlin' })).statusCode).toBe(
      200,
    )
    expect((await a.get('/api/user/settings')).json().timeZone).toBe('Europe/Berlin')
    expect((await a.get('/api/auth/user')).json().timeZone).toBe('Europe/Berlin')
  })

  it('sees changes made elsewhere once the entry is older than its lifetime', async () => {
    const a = await signUp(t.app)
    expect((await a.get('/api/subscription/info')).json().tier).toBe('free')
    // as the admin CLI (another process) would
    await setTestPlan(t, a, 'premium')
    expect((await a.get('/api/subscription/info')).json().tier).toBe('free')
    t.clock.set(new Date(t.clock.now().getTime() + TTL).toISOString())
    expect((await a.get('/api/subscription/info')).json().tier).toBe('premium')
    // a sign-out on another instance, likewise
    await t.database.db.delete(sessions).where(eq(sessions.userId, a.user.id))
    expect((await a.get('/api/subscription/info')).statusCode).toBe(200)
    t.clock.set(new Date(t.clock.now().getTime() + TTL).toISOString())
    expect((await a.get('/api/subscription/info')).statusCode).toBe(401)
  })

  it('answers from the cache past its lifetime while the database is busy, never for a session that ended', async () => {
    const a = await signUp(t.app)
    const progress = `/api/imports/progress?id=${randomUUID()}`
    expect((await a.get(progress)).statusCode).toBe(200)
    t.clock.set(new Date(t.clock.now().getTime() + TTL).toISOString())
    // the database busy, as a large import keeps it: the sessions table locked by a transaction
    const hold = async (body: () => Promise<void>): Promise<void> => {
      let release = (): void => undefined
      const released = new Promise<void>((resolve) => (release = resolve))
      let locked = (): void => undefined
      const isLocked = new Promise<void>((resolve) => (locked = resolve))
      const holding = t.database.db.transaction(async (tx) => {
        await tx.execute(sql`lock table ${sessions} in access exclusive mode`)
        locked()
        await released
      })
      await isLocked
      try {
        await body()
      } finally {
        release()
        await holding
      }
    }
    await hold(async () => {
      // past its lifetime, the read waits for the lock: the cached answer is given meanwhile
      const res = await a.get(progress)
      expect(res.statusCode).toBe(200)
      expect(res.json()).toMatchObject({ stage: 'waiting' })
    })
    // signed out: forgotten, so a busy database is waited for, and the answer is 401
    expect((await a.post('/api/auth/logout')).statusCode).toBe(200)
    let answered: number | null = null
    let waiting: Promise<unknown> = Promise.resolve()
    await hold(async () => {
      waiting = a.get(progress).then((res) => (answered = res.statusCode))
      await new Promise((resolve) => setTimeout(resolve, 600))
      expect(answered).toBeNull()
    })
    await waiting
    expect(answered).toBe(401)
  })

  it('answers from the cache past its lifetime without a read while an import holds the embedded database', async () => {
    const a = await signUp(t.app)
    expect((await a.get('/api/subscription/info')).statusCode).toBe(200)
    t.clock.set(new Date(t.clock.now().getTime() + TTL).toISOString())
    // the row gone (what a read would see), to tell a read from the cached answer: while held
    // nothing could have removed it, since a write waits for the import
    await t.database.db.delete(sessions).where(eq(sessions.userId, a.user.id))
    const release = holdEmbedded(t.database.db)
    try {
      expect((await a.get('/api/subscription/info')).statusCode).toBe(t.database.kind === 'pglite' ? 200 : 401)
    } finally {
      release()
    }
    t.clock.set(new Date(t.clock.now().getTime() + TTL).toISOString())
    expect((await a.get('/api/subscription/info')).statusCode).toBe(401)
  })

  it('still ends an idle session with "Session expired"', async () => {
    const a = await signUp(t.app)
    expect((await a.get('/api/auth/user')).statusCode).toBe(200)
    t.clock.set(new Date(t.clock.now().getTime() + 8 * 86_400_000).toISOString())
    const res = await a.get('/api/auth/user')
    expect(res.statusCode).toBe(401)
    expect(res.json()).toEqual({ message: 'Session expired', code: 'SESSION_EXPIRED' })
  })
})
