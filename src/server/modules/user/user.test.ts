import { afterAll, beforeAll, describe, expect, it } from 'vitest'
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

  it('changes name, e-mail and photo, refusing a taken e-mail and a non-https photo', async () => {
    const a = await signUp(t.app)
    const b = await signUp(t.app)
    const res = await a.patch('/api/user/profile', { firstName: 'Ada', lastName: 'King', profileImageUrl: 'https://example.com/a.png' })
    expect(res.json()).toMatchObject({ firstName: 'Ada', lastName: 'King', profileImageUrl: 'https://example.com/a.png' })
    expect((await a.patch('/api/user/profile', { email: b.user.email.toUpperCase() })).statusCode).toBe(409)
    expect((await a.patch('/api/user/profile', { profileImageUrl: 'javascript:alert(1)' })).statusCode).toBe(400)
    expect((await a.patch('/api/user/profile', { profileImageUrl: 'http://example.com/a.png' })).statusCode).toBe(400)
    expect((await a.patch('/api/user/profile', { email: 'ada.king@example.com' })).json().email).toBe('ada.king@example.com')
  })

  it('changes the password only with the current one, and signs out other sessions', async () => {
    const a = await signUp(t.app, { password: 'first password here' })
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: 'first password here' } })
    const otherCookie = String(login.headers['set-cookie']).split(';')[0] ?? ''
    expect((await a.post('/api/user/password', { currentPassword: 'wrong one', newPassword: 'second password here' })).statusCode).toBe(400)
    expect((await a.post('/api/user/password', { currentPassword: 'first password here', newPassword: 'short' })).statusCode).toBe(400)
    const ok = await a.post('/api/user/password', { currentPassword: 'first password here', newPassword: 'second password here' })
    expect(ok.json()).toEqual({ ok: true })
    expect((await a.get('/api/auth/user')).statusCode).toBe(200)
    expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: otherCookie } })).statusCode).toBe(401)
    const relogin = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email: a.user.email, password: 'second password here' } })
    expect(relogin.statusCode).toBe(200)
  })
})
