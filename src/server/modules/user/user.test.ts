import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { users } from '../../db/schema'
import { createTestApp, signUp, type TestContext } from '../../test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T23:30:00Z' })
})
afterAll(async () => {
  await t.close()
})

describe('profile and settings', () => {
  it('reads and changes settings, keeping notification preferences not sent', async () => {
    const a = await signUp(t.app)
    expect((await a.get('/api/user/settings')).json()).toMatchObject({ baseCurrency: 'USD', locale: 'en-US', timeZone: 'UTC', theme: 'system' })
    const res = await a.patch('/api/user/settings', {
      baseCurrency: 'EUR',
      locale: 'de-DE',
      timeZone: 'Europe/Berlin',
      weekStartsOn: 1,
      dateFormat: 'DD.MM.YYYY',
      notificationPrefs: { budgetAlerts: false },
    })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({
      baseCurrency: 'EUR',
      timeZone: 'Europe/Berlin',
      weekStartsOn: 1,
      notificationPrefs: { billReminders: true, goalReminders: true, budgetAlerts: false, billReminderDays: 3 },
    })
    // the time zone moves "today": 23:30 UTC is already the 16th in Berlin
    expect((await a.get('/api/analytics/monthly-summary')).json().today).toBe('2026-03-16')
    for (const bad of [{ baseCurrency: 'euro' }, { timeZone: 'Mars/Olympus' }, { locale: '!!' }, { weekStartsOn: 7 }]) {
      expect((await a.patch('/api/user/settings', bad)).statusCode, JSON.stringify(bad)).toBe(400)
    }
    expect((await a.get('/api/user/settings')).json().baseCurrency).toBe('EUR')
  })

  it('checks locale, time zone, currency and date format, naming the field; the signed-in user carries them at once', async () => {
    const a = await signUp(t.app)
    const cases: [Record<string, unknown>, string][] = [
      [{ locale: 'xx-not-a-tag!' }, 'body.locale'],
      [{ locale: '' }, 'body.locale'],
      [{ timeZone: 'Europe/Atlantis' }, 'body.timeZone'],
      [{ baseCurrency: 'XYZ' }, 'body.baseCurrency'],
      [{ baseCurrency: 'eur' }, 'body.baseCurrency'],
      [{ dateFormat: 'D/M/YY' }, 'body.dateFormat'],
    ]
    for (const [bad, path] of cases) {
      const res = await a.patch('/api/user/settings', bad)
      expect(res.statusCode, JSON.stringify(bad)).toBe(400)
      expect(JSON.stringify(res.json().issues), JSON.stringify(bad)).toContain(path)
    }
    // a tag in another case is kept in its canonical form
    const res = await a.patch('/api/user/settings', { locale: 'de-de', baseCurrency: 'EUR', dateFormat: 'DD.MM.YYYY', timeZone: 'Europe/Berlin' })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toMatchObject({ locale: 'de-DE', baseCurrency: 'EUR', dateFormat: 'DD.MM.YYYY' })
    expect((await a.get('/api/auth/user')).json()).toMatchObject({
      locale: 'de-DE',
      baseCurrency: 'EUR',
      timeZone: 'Europe/Berlin',
      dateFormat: 'DD.MM.YYYY',
    })
  })

  it('changes name, e-mail and photo; the e-mail only with the current password; a taken e-mail is refused', async () => {
    const a = await signUp(t.app, { password: 'first password here' })
    const b = await signUp(t.app)
    const res = await a.patch('/api/user/profile', { firstName: 'Ada', lastName: 'King', profileImageUrl: 'https://example.com/a.png' })
    expect(res.json()).toMatchObject({ firstName: 'Ada', lastName: 'King', profileImageUrl: 'https://example.com/a.png' })
    // no password, a wrong one: 400 naming the field, nothing changed
    const without = await a.patch('/api/user/profile', { email: 'ada.king@example.com' })
    expect(without.statusCode).toBe(400)
    expect(without.json()).toMatchObject({ code: 'PASSWORD_REQUIRED', issues: [{ path: 'body.currentPassword' }] })
    const wrong = await a.patch('/api/user/profile', { email: 'ada.king@example.com', currentPassword: 'not my password' })
    expect(wrong.statusCode).toBe(400)
    expect(wrong.json()).toMatchObject({ code: 'WRONG_PASSWORD', issues: [{ path: 'body.currentPassword' }] })
    expect((await a.get('/api/auth/user')).json().email).toBe(a.user.email)
    // without mail set up, a taken e-mail is 409 (nobody to tell otherwise)
    expect((await a.patch('/api/user/profile', { email: b.user.email.toUpperCase(), currentPassword: 'first password here' })).statusCode).toBe(409)
    expect((await a.patch('/api/user/profile', { profileImageUrl: 'javascript:alert(1)' })).statusCode).toBe(400)
    expect((await a.patch('/api/user/profile', { profileImageUrl: 'http://example.com/a.png' })).statusCode).toBe(400)
    const changed = await a.patch('/api/user/profile', { email: 'ada.king@example.com', currentPassword: 'first password here' })
    expect(changed.json().email).toBe('ada.king@example.com')
    // the same e-mail again needs no password: nothing changes
    expect((await a.patch('/api/user/profile', { email: 'ada.king@example.com', firstName: 'Ada' })).statusCode).toBe(200)
    const events = (await a.get('/api/audit-log')).json() as { event: string; detail: Record<string, unknown> }[]
    const emailEvents = events.filter((e) => e.event === 'email_changed')
    expect(emailEvents).toHaveLength(1)
    // the log never keeps a whole address
    expect(JSON.stringify(emailEvents)).not.toContain('ada.king')
  })

  it('changes the password only with the current one and a strong new one: every other session ends, this one gets a new cookie', async () => {
    const a = await signUp(t.app, { password: 'first password here' })
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: 'first password here' } })
    const otherCookie = String(login.headers['set-cookie']).split(';')[0] ?? ''
    expect((await a.post('/api/user/password', { currentPassword: 'wrong one', newPassword: 'second password here' })).statusCode).toBe(400)
    expect((await a.post('/api/user/password', { currentPassword: 'first password here', newPassword: 'short' })).statusCode).toBe(400)
    // long enough, but guessed at once
    const weak = await a.post('/api/user/password', { currentPassword: 'first password here', newPassword: 'password1234' })
    expect(weak.statusCode).toBe(400)
    expect(weak.json()).toMatchObject({ code: 'WEAK_PASSWORD', issues: [{ path: 'body.newPassword' }] })
    expect(weak.json().message).toContain('commonly used password')
    const ok = await a.post('/api/user/password', { currentPassword: 'first password here', newPassword: 'second password here' })
    expect(ok.json()).toEqual({ ok: true })
    const rotated = String(ok.headers['set-cookie']).split(';')[0] ?? ''
    expect(rotated).toMatch(/^kinwise_session=./)
    expect(rotated).not.toBe(a.cookie)
    // the old cookie of this browser and the other session are both gone; the new cookie works
    expect((await a.get('/api/auth/user')).statusCode).toBe(401)
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: otherCookie } })).statusCode).toBe(401)
    const me = await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: rotated } })
    expect(me.statusCode).toBe(200)
    const events = (await t.app.inject({ method: 'GET', url: '/api/audit-log', headers: { cookie: rotated } })).json() as { event: string; detail: Record<string, unknown> }[]
    expect(events.find((e) => e.event === 'password_changed')?.detail).toEqual({ sessionsEnded: 1 })
    const [row] = await t.database.db.select({ changedAt: users.passwordChangedAt }).from(users).where(eq(users.id, a.user.id))
    expect(row?.changedAt?.toISOString()).toBe('2026-03-15T23:30:00.000Z')
    const relogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: 'second password here' } })
    expect(relogin.statusCode).toBe(200)
  })
})
