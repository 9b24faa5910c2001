import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Reminder } from '#src/contract/reminders'
import { MISSING_ID, newUser } from '#src/server/test/fixtures'
import { addMember, createTestApp, jsonOf, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function createReminder(client: Client, body: Record<string, unknown>): Promise<Reminder> {
  return jsonOf(await client.post('/api/reminders', body), 201)
}

async function remindersOf(client: Client, query = ''): Promise<Reminder[]> {
  return jsonOf(await client.get(`/api/reminders${query}`))
}

const unread = async (client: Client): Promise<number> => {
  const res = await client.get('/api/reminders/unread-count')
  expect(res.statusCode).toBe(200)
  return res.json().count
}

describe('reminders', () => {
  it('creates a reminder with defaults', async () => {
    const a = await newUser(t.app)
    const reminder = await createReminder(a, { title: '  Call the bank ' })
    expect(reminder).toEqual({
      id: expect.any(String),
      title: 'Call the bank',
      description: '',
      type: 'other',
      priority: 'medium',
      dueDate: null,
      status: 'active',
      isRead: false,
      createdAt: expect.any(String),
    })
    expect(await remindersOf(a)).toEqual([reminder])
    expect(await unread(a)).toBe(1)
  })

  it('lists active reminders, most urgent first, then soonest due, then newest', async () => {
    const a = await newUser(t.app)
    const lowSoon = await createReminder(a, {
      title: 'low',
      priority: 'low',
      dueDate: '2026-03-16',
    })
    const mediumUndated = await createReminder(a, { title: 'medium undated', priority: 'medium' })
    const mediumLate = await createReminder(a, {
      title: 'medium late',
      priority: 'medium',
      dueDate: '2026-04-01',
    })
    const mediumSoon = await createReminder(a, {
      title: 'medium soon',
      priority: 'medium',
      dueDate: '2026-03-20',
    })
    const urgent = await createReminder(a, {
      title: 'urgent',
      priority: 'urgent',
      type: 'bill_due',
      dueDate: '2026-05-01',
    })
    const highOld = await createReminder(a, { title: 'high old', priority: 'high' })
    const highNew = await createReminder(a, { title: 'high new', priority: 'high' })
    const done = await createReminder(a, { title: 'done', priority: 'urgent' })
    await a.patch(`/api/reminders/${done.id}`, { status: 'completed' })

    expect((await remindersOf(a)).map((r) => r.title)).toEqual(
      [urgent, highNew, highOld, mediumSoon, mediumLate, mediumUndated, lowSoon].map(
        (r) => r.title,
      ),
    )
    expect((await remindersOf(a, '?status=completed')).map((r) => r.id)).toEqual([done.id])
    const all = (await remindersOf(a, '?status=all')).map((r) => r.title)
    expect(all).toEqual([
      'urgent',
      'done',
      'high new',
      'high old',
      'medium soon',
      'medium late',
      'medium undated',
      'low',
    ])
    expect((await remindersOf(a, '?type=bill_due')).map((r) => r.id)).toEqual([urgent.id])
    expect((await remindersOf(a, '?priority=medium')).map((r) => r.id)).toEqual([
      mediumSoon.id,
      mediumLate.id,
      mediumUndated.id,
    ])
    expect(await remindersOf(a, '?status=dismissed')).toEqual([])
    for (const query of ['?status=open', '?type=birthday', '?priority=critical']) {
      const res = await a.get(`/api/reminders${query}`)
      expect(res.statusCode, query).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
  })

  it('marks a reminder read (no body) and counts only active unread ones', async () => {
    const a = await newUser(t.app)
    const first = await createReminder(a, { title: 'first' })
    const second = await createReminder(a, { title: 'second' })
    const third = await createReminder(a, { title: 'third' })
    expect(await unread(a)).toBe(3)
    const res = await a.request({ method: 'PATCH', url: `/api/reminders/${first.id}/read` })
    expect(res.statusCode).toBe(200)
    expect(res.json()).toEqual({ ...first, isRead: true })
    expect(await unread(a)).toBe(2)
    // dismissing an unread one takes it off the count too
    await a.patch(`/api/reminders/${second.id}`, { status: 'dismissed' })
    expect(await unread(a)).toBe(1)
    expect((await remindersOf(a)).map((r) => r.id)).toEqual([third.id, first.id])
  })

  it('completes, dismisses, reopens and edits a reminder', async () => {
    const a = await newUser(t.app)
    const reminder = await createReminder(a, { title: 'Renew insurance', dueDate: '2026-04-01' })
    const completed = await a.patch(`/api/reminders/${reminder.id}`, { status: 'completed' })
    expect(completed.statusCode).toBe(200)
    expect(completed.json()).toEqual({ ...reminder, status: 'completed' })
    expect(await remindersOf(a)).toEqual([])
    const edited = await a.patch(`/api/reminders/${reminder.id}`, {
      status: 'active',
      isRead: true,
      title: 'Renew car insurance',
      description: 'Compare three quotes',
      priority: 'high',
      dueDate: null,
    })
    expect(edited.json()).toEqual({
      ...reminder,
      title: 'Renew car insurance',
      description: 'Compare three quotes',
      priority: 'high',
      dueDate: null,
      isRead: true,
    })
    expect(await remindersOf(a)).toEqual([edited.json()])
  })

  it('answers 400 for bad input, changing nothing', async () => {
    const a = await newUser(t.app)
    const reminder = await createReminder(a, { title: 'Keep me' })
    for (const body of [
      {},
      { title: '' },
      { title: 'x'.repeat(121) },
      { title: 'X', type: 'birthday' },
      { title: 'X', priority: 'critical' },
      { title: 'X', dueDate: '15/03/2026' },
    ]) {
      const res = await a.post('/api/reminders', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    for (const body of [
      { status: 'archived' },
      { isRead: 'yes' },
      { title: '  ' },
      { dueDate: '2026-02-30' },
    ]) {
      const res = await a.patch(`/api/reminders/${reminder.id}`, body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    expect(await remindersOf(a, '?status=all')).toEqual([reminder])
  })

  it('deletes a reminder, then answers 404 for it', async () => {
    const a = await newUser(t.app)
    const reminder = await createReminder(a, { title: 'Temporary' })
    expect((await a.delete(`/api/reminders/${reminder.id}`)).statusCode).toBe(204)
    expect(await remindersOf(a, '?status=all')).toEqual([])
    for (const id of [reminder.id, MISSING_ID]) {
      expect((await a.delete(`/api/reminders/${id}`)).statusCode).toBe(404)
      expect(
        (await a.request({ method: 'PATCH', url: `/api/reminders/${id}/read` })).statusCode,
      ).toBe(404)
      const res = await a.patch(`/api/reminders/${id}`, { status: 'completed' })
      expect(res.statusCode).toBe(404)
      expect(res.json()).toEqual({ message: 'Reminder not found', code: 'NOT_FOUND' })
    }
  })

  it("keeps users apart: B can neither see, count, read, change nor delete A's reminders", async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const reminder = await createReminder(a, { title: 'Private', priority: 'urgent' })

    expect(await remindersOf(b, '?status=all')).toEqual([])
    expect(await unread(b)).toBe(0)
    expect(
      (await b.request({ method: 'PATCH', url: `/api/reminders/${reminder.id}/read` })).statusCode,
    ).toBe(404)
    expect(
      (await b.patch(`/api/reminders/${reminder.id}`, { status: 'dismissed', title: 'Mine' }))
        .statusCode,
    ).toBe(404)
    expect((await b.delete(`/api/reminders/${reminder.id}`)).statusCode).toBe(404)

    expect(await remindersOf(a)).toEqual([reminder])
    expect(await unread(a)).toBe(1)
  })

  it('keeps members of one household apart: reminders are personal, whatever the role (the owner included)', async () => {
    const owner = await newUser(t.app)
    const members = [owner]
    for (const role of ['adult', 'teen', 'viewer'] as const) members.push(await addMember(t, owner, role))
    const mine = await Promise.all(members.map((m, i) => createReminder(m, { title: `Mine ${i}` })))
    for (const [i, member] of members.entries()) {
      expect(await remindersOf(member, '?status=all')).toEqual([mine[i]])
      expect(await unread(member)).toBe(1)
      for (const [j, reminder] of mine.entries()) {
        if (i === j || !reminder) continue
        expect((await member.request({ method: 'PATCH', url: `/api/reminders/${reminder.id}/read` })).statusCode).toBe(404)
        expect((await member.patch(`/api/reminders/${reminder.id}`, { status: 'dismissed' })).statusCode).toBe(404)
        expect((await member.delete(`/api/reminders/${reminder.id}`)).statusCode).toBe(404)
      }
    }
    for (const [i, member] of members.entries()) expect(await remindersOf(member, '?status=all')).toEqual([mine[i]])
  })
})
