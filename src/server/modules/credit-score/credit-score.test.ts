import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { CreditScore } from '#src/contract/credit-score'
import { newUser } from '#src/server/test/fixtures'
import { addMember, createTestApp, type Client, type TestContext } from '#src/server/test/helper'

let t: TestContext
beforeAll(async () => {
  t = await createTestApp({ now: '2026-03-15T12:00:00Z' })
})
afterAll(async () => {
  await t.close()
})

async function addScore(client: Client, body: Record<string, unknown>): Promise<CreditScore> {
  const res = await client.post('/api/credit-score', body)
  expect(res.statusCode, res.body).toBe(201)
  return res.json()
}

const latest = async (client: Client) => {
  const res = await client.get('/api/credit-score')
  expect(res.statusCode).toBe(200)
  return res.json()
}

const history = async (client: Client): Promise<CreditScore[]> => {
  const res = await client.get('/api/credit-score/history')
  expect(res.statusCode).toBe(200)
  return res.json()
}

describe('credit score', () => {
  it('answers null before any score is entered', async () => {
    const a = await newUser(t.app)
    const res = await a.get('/api/credit-score')
    expect(res.statusCode).toBe(200)
    expect(res.body).toBe('null')
    expect(await history(a)).toEqual([])
  })

  it('records scores; the latest is the newest by date, then by entry; history is oldest first', async () => {
    const a = await newUser(t.app)
    const march = await addScore(a, { score: 720, provider: ' Experian ', date: '2026-03-01' })
    expect(march).toEqual({
      id: expect.any(String),
      score: 720,
      provider: 'Experian',
      date: '2026-03-01',
    })
    const january = await addScore(a, { score: 690, date: '2026-01-10' })
    expect(january.provider).toBe('')
    expect(await latest(a)).toEqual(march)
    // the dashboard sends a full ISO timestamp: its date is kept
    const sameDay = await addScore(a, {
      score: 731,
      provider: 'Equifax',
      date: '2026-03-01T18:30:00.000Z',
    })
    expect(sameDay.date).toBe('2026-03-01')
    expect(await latest(a)).toEqual(sameDay)
    expect(await history(a)).toEqual([january, march, sameDay])
  })

  it('accepts the bounds 300 and 850 and refuses anything else with the message of docs/product.md §5, changing nothing', async () => {
    const a = await newUser(t.app)
    await addScore(a, { score: 300, date: '2026-03-01' })
    const top = await addScore(a, { score: 850, date: '2026-03-02' })
    for (const score of [299, 851, 0, -720]) {
      const res = await a.post('/api/credit-score', { score, date: '2026-03-03' })
      expect(res.statusCode).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
      expect(res.json().issues[0]).toEqual({
        path: 'body.score',
        message: 'Please enter a valid credit score between 300 and 850.',
      })
    }
    for (const body of [
      { score: 720.5, date: '2026-03-03' },
      { score: '720', date: '2026-03-03' },
      { score: 720 },
      { score: 720, date: 'March 3' },
      { score: 720, date: '2026-02-30' },
      { score: 720, date: '2026-03-03', provider: 'x'.repeat(81) },
    ]) {
      const res = await a.post('/api/credit-score', body)
      expect(res.statusCode, JSON.stringify(body)).toBe(400)
      expect(res.json().code).toBe('VALIDATION_ERROR')
    }
    expect(await latest(a)).toEqual(top)
    expect((await history(a)).map((s) => s.score)).toEqual([300, 850])
  })

  it('refuses a date outside 1900–2200 with 400, storing nothing (history keeps answering)', async () => {
    const a = await newUser(t.app)
    for (const date of ['0001-01-01', '1899-12-31T23:00:00Z', '2201-01-01']) {
      const res = await a.post('/api/credit-score', { score: 700, date })
      expect(res.statusCode, `${date} → ${res.body}`).toBe(400)
      expect(res.json().message).toContain('between 1900 and 2200')
    }
    expect(await history(a)).toEqual([])
    await addScore(a, { score: 701, date: '1900-01-01' })
    expect((await history(a)).map((s) => s.date)).toEqual(['1900-01-01'])
  })

  it('deletes an entry, then answers 404 for it', async () => {
    const a = await newUser(t.app)
    const old = await addScore(a, { score: 640, date: '2026-02-01' })
    const newer = await addScore(a, { score: 660, date: '2026-03-01' })
    expect((await a.delete(`/api/credit-score/${newer.id}`)).statusCode).toBe(204)
    expect(await latest(a)).toEqual(old)
    const again = await a.delete(`/api/credit-score/${newer.id}`)
    expect(again.statusCode).toBe(404)
    expect(again.json()).toEqual({ message: 'Credit score not found', code: 'NOT_FOUND' })
    expect(
      (await a.delete('/api/credit-score/00000000-0000-4000-8000-000000000000')).statusCode,
    ).toBe(404)
  })

  it("keeps users apart: B can neither see nor delete A's scores", async () => {
    const a = await newUser(t.app)
    const b = await newUser(t.app)
    const score = await addScore(a, { score: 777, provider: 'TransUnion', date: '2026-03-10' })
    const res = await b.get('/api/credit-score')
    expect(res.body).toBe('null')
    expect(await history(b)).toEqual([])
    expect((await b.delete(`/api/credit-score/${score.id}`)).statusCode).toBe(404)
    await addScore(b, { score: 500, date: '2026-03-11' })
    expect(await latest(a)).toEqual(score)
    expect(await history(a)).toEqual([score])
  })

  it('keeps members of one household apart: a score is personal, whatever the role (the owner included)', async () => {
    const owner = await newUser(t.app)
    const members = [owner]
    for (const role of ['adult', 'teen', 'viewer'] as const) members.push(await addMember(t, owner, role))
    const scores = await Promise.all(members.map((m, i) => addScore(m, { score: 700 + i, date: '2026-03-10' })))
    for (const [i, member] of members.entries()) {
      expect(await latest(member)).toEqual(scores[i])
      expect(await history(member)).toEqual([scores[i]])
      for (const [j, score] of scores.entries()) {
        if (i !== j) expect((await member.delete(`/api/credit-score/${score?.id}`)).statusCode).toBe(404)
      }
    }
    for (const [i, member] of members.entries()) expect(await history(member)).toEqual([scores[i]])
  })

  it('needs a session', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/credit-score',
      payload: { score: 700, date: '2026-03-01' },
    })
    expect(res.statusCode).toBe(401)
  })
})
