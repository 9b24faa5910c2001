import { readFileSync } from 'node:fs'
import path from 'node:path'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { userAvatars, users } from '#src/server/db/schema'
import { addMember, createTestApp, signUp, type TestContext } from '#src/server/test/helper'
import { uploadAvatar } from '#src/server/test/upload'

const root = path.resolve(import.meta.dirname, '../../../..')
const png = readFileSync(path.join(root, 'src/web/public/icons/icon-192.png'))
const jpeg = readFileSync(path.join(root, 'e2e/fixtures/receipt.jpg'))
const webp = readFileSync(path.join(root, 'e2e/fixtures/receipt.webp'))

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

  it('changes name and e-mail; the e-mail only with the current password; a taken e-mail is refused', async () => {
    const a = await signUp(t.app, { password: 'first password here' })
    const b = await signUp(t.app)
    const res = await a.patch('/api/user/profile', { firstName: 'Ada', lastName: 'King' })
    expect(res.json()).toMatchObject({ firstName: 'Ada', lastName: 'King', profileImageUrl: null })
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

describe('the profile photo', () => {
  const photoOf = async (c: Awaited<ReturnType<typeof signUp>>) => ((await c.get('/api/auth/user')).json() as { profileImageUrl: string | null }).profileImageUrl

  it("is uploaded by a member and served, with the type its bytes show, to the household's other members only", async () => {
    const owner = await signUp(t.app)
    const teen = await addMember(t, owner, 'teen')
    const viewer = await addMember(t, owner, 'viewer')
    const outsider = await signUp(t.app)
    // the name and the browser's type say nothing: the bytes are a PNG
    const res = await uploadAvatar(teen, png, 'me.jpg')
    expect(res.statusCode, res.body).toBe(200)
    const address = res.json().profileImageUrl as string
    expect(address).toBe(`/api/users/${teen.user.id}/avatar?v=${String(new Date('2026-03-15T23:30:00Z').getTime())}`)
    expect(await photoOf(teen)).toBe(address)
    const members = (await owner.get('/api/household')).json().members as { userId: string; profileImageUrl: string | null }[]
    expect(members.find((m) => m.userId === teen.user.id)?.profileImageUrl).toBe(address)
    expect(members.find((m) => m.userId === owner.user.id)?.profileImageUrl).toBeNull()
    for (const reader of [owner, viewer, teen]) {
      const served = await reader.get(address)
      expect(served.statusCode).toBe(200)
      expect(served.headers['content-type']).toBe('image/png')
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      expect(served.headers['content-security-policy']).toMatch(/^default-src 'none'/)
      expect(served.rawPayload.equals(png)).toBe(true)
    }
    // another household: 404, as for a member without a photo or no member at all
    expect((await outsider.get(address)).statusCode).toBe(404)
    expect((await outsider.get(`/api/users/${teen.user.id}/avatar`)).statusCode).toBe(404)
    expect((await owner.get(`/api/users/${viewer.user.id}/avatar`)).statusCode).toBe(404)
    expect((await owner.get(`/api/users/${outsider.user.id}/avatar`)).statusCode).toBe(404)
    expect((await owner.get('/api/users/not-an-id/avatar')).statusCode).toBe(400)
  })

  it('takes JPEG and WebP too, a new photo replacing the one before, and is removed', async () => {
    const a = await signUp(t.app)
    const other = await addMember(t, a, 'adult')
    expect((await uploadAvatar(a, jpeg, 'me.jpg')).json().profileImageUrl).toMatch(/avatar\?v=\d+$/)
    expect((await other.get(`/api/users/${a.user.id}/avatar`)).headers['content-type']).toBe('image/jpeg')
    // a minute later: a new photo is a new address
    t.clock.set('2026-03-15T23:31:00Z')
    const replaced = (await uploadAvatar(a, webp, 'me.webp')).json().profileImageUrl as string
    t.clock.set('2026-03-15T23:30:00Z')
    expect(replaced).toMatch(new RegExp(`avatar\\?v=${String(new Date('2026-03-15T23:31:00Z').getTime())}$`))
    const served = await other.get(replaced)
    expect(served.headers['content-type']).toBe('image/webp')
    expect(served.rawPayload.equals(webp)).toBe(true)
    expect(await t.database.db.select({ userId: userAvatars.userId }).from(userAvatars).where(eq(userAvatars.userId, a.user.id))).toHaveLength(1)
    const removed = await a.delete('/api/user/avatar')
    expect(removed.statusCode).toBe(200)
    expect(removed.json().profileImageUrl).toBeNull()
    expect(await photoOf(a)).toBeNull()
    expect((await other.get(replaced)).statusCode).toBe(404)
    // removing nothing is no error
    expect((await a.delete('/api/user/avatar')).statusCode).toBe(200)
  })

  it('refuses what is no PNG, JPEG or WebP (415), nothing (400) and more than 1 MB (413), naming the field and changing nothing', async () => {
    const a = await signUp(t.app)
    for (const [content, name] of [
      ['<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'me.png'],
      ['<html><script>alert(1)</script></html>', 'me.webp'],
      [readFileSync(path.join(root, 'e2e/fixtures/invoice.pdf')), 'me.png'],
      ['GIF89a\x01\x00\x01\x00', 'me.gif'],
    ] as const) {
      const res = await uploadAvatar(a, content, name)
      expect(res.statusCode, name).toBe(415)
      expect(res.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', issues: [{ path: 'file' }] })
    }
    const empty = await uploadAvatar(a, new Uint8Array(), 'me.png')
    expect(empty.statusCode).toBe(400)
    expect(empty.json()).toMatchObject({ code: 'NO_FILE', issues: [{ path: 'file' }] })
    const json = await a.put('/api/user/avatar', { file: 'https://tracker.example/pixel.gif' })
    expect(json.statusCode).toBe(400)
    expect(json.json().issues[0].path).toBe('file')
    const big = await uploadAvatar(a, Buffer.concat([png, Buffer.alloc(1024 * 1024)]), 'big.png')
    expect(big.statusCode, big.body).toBe(413)
    expect(big.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', issues: [{ path: 'file' }] })
    expect(await photoOf(a)).toBeNull()
    expect(await t.database.db.select({ userId: userAvatars.userId }).from(userAvatars).where(eq(userAvatars.userId, a.user.id))).toEqual([])
  })

  it('is never an outside address: the profile refuses one, naming the field', async () => {
    const a = await signUp(t.app)
    for (const url of ['https://tracker.example/pixel.gif', 'javascript:alert(1)', null]) {
      const res = await a.patch('/api/user/profile', { firstName: 'Changed', profileImageUrl: url })
      expect(res.statusCode, String(url)).toBe(400)
      expect(res.json().issues[0].path).toBe('body.profileImageUrl')
    }
    expect((await a.get('/api/auth/user')).json()).toMatchObject({ firstName: a.user.firstName, profileImageUrl: null })
  })

  it('goes with the member who is deleted', async () => {
    const a = await signUp(t.app)
    expect((await uploadAvatar(a, png)).statusCode).toBe(200)
    await t.database.db.delete(users).where(eq(users.id, a.user.id))
    expect(await t.database.db.select().from(userAvatars).where(eq(userAvatars.userId, a.user.id))).toEqual([])
  })
})
