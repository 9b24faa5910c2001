import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { payeeKey, payeeSimilarity, payeeTokens, PAYEE_MATCH_THRESHOLD } from '../payee'
import { AccountBankIds, dayNumber, findDuplicates, type DedupeExisting, type DedupeIncoming } from './dedupe'

const A = 'account-a'
const B = 'account-b'

function row(date: string, amount: number, payee: string, externalId: string | null = null, accountId: string | null = A): DedupeIncoming {
  return { accountId, date, amount: asCents(amount), payee, externalId }
}

function stored(id: string, date: string, amount: number, payee: string, externalId: string | null = null, accountId = A): DedupeExisting {
  return { id, accountId, date, amount: asCents(amount), payees: [payee], externalId }
}

describe('payee words', () => {
  it('strips case, digits, punctuation, accents and bank noise', () => {
    expect(payeeTokens('POS PURCHASE STARBUCKS #1234 SEATTLE, WA')).toEqual(['starbucks', 'seattle', 'wa'])
    expect(payeeTokens('Café   Müller 0042')).toEqual(['cafe', 'muller'])
    expect(payeeTokens('12345 / 678')).toEqual([])
    expect(payeeKey('STARBUCKS #1234 Seattle')).toBe(payeeKey('Starbucks 0042 SEATTLE'))
    expect(payeeKey('STARBUCKS #1234 Seattle')).toBe('starbucks seattle')
    expect(payeeKey('')).toBe('')
  })

  it('scores alike payees at or above the threshold and different ones below it', () => {
    const sim = (a: string, b: string) => payeeSimilarity(payeeTokens(a), payeeTokens(b))
    expect(sim('Starbucks', 'STARBUCKS COFFEE SEATTLE WA')).toBe(1)
    expect(sim('Corner Market', 'CORNER MARKET #12')).toBe(1)
    expect(sim('Shell Oil Seattle', 'Shell Oil Tacoma')).toBeGreaterThanOrEqual(PAYEE_MATCH_THRESHOLD)
    expect(sim('Netflix', 'Spotify')).toBe(0)
    expect(sim('Amazon Marketplace', 'Apple Store')).toBeLessThan(PAYEE_MATCH_THRESHOLD)
    // half the words in common is the boundary: still alike
    expect(sim('Joe Coffee', 'Joe Pizza')).toBe(PAYEE_MATCH_THRESHOLD)
    expect(sim('Joe Coffee Roasters', 'Pizza Hut')).toBeLessThan(PAYEE_MATCH_THRESHOLD)
    // payees without words cannot tell: amount and date decide
    expect(sim('', 'Anything')).toBe(1)
    // a one- or two-letter word alone is not enough to call one payee part of another
    expect(sim('BP', 'BP Station Main Street')).toBeLessThan(PAYEE_MATCH_THRESHOLD)
  })

  it('counts days across month and year ends', () => {
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2)
    expect(dayNumber('2025-01-01') - dayNumber('2024-12-31')).toBe(1)
  })
})

describe('findDuplicates', () => {
  it('matches on the bank id first, whatever the date or payee', () => {
    const result = findDuplicates(
      [row('2024-01-10', -500, 'Different name', 'FIT1'), row('2024-01-10', -500, 'Coffee', 'FIT2')],
      [stored('s1', '2023-12-01', -999, 'Old', 'FIT1')],
    )
    expect(result).toEqual(['s1', null])
  })

  it('looks a bank id up in its own account, and the rest of a two-account file by amount, date and payee', () => {
    // the same FIT1 in both accounts; the bakery row has no id, its account's other row is found by id
    const result = findDuplicates(
      [row('2024-01-10', -500, 'Coffee', 'FIT1', A), row('2024-01-10', -500, 'Coffee', 'FIT1', B), row('2024-01-11', -700, 'Bakery', null, B)],
      [stored('b1', '2024-01-01', -999, 'Old', 'FIT1', B), stored('a1', '2023-12-01', -1, 'Else', 'FIT1', A), stored('b2', '2024-01-12', -700, 'BAKERY', null, B)],
    )
    expect(result).toEqual(['a1', 'b1', 'b2'])
  })

  it('never calls two rows with different bank ids one', () => {
    expect(findDuplicates([row('2024-01-10', -450, 'Coffee', 'FIT2')], [stored('s1', '2024-01-10', -450, 'Coffee', 'FIT1')])).toEqual([null])
  })

  it('matches a row without an id on amount, a date within 3 days and a similar payee', () => {
    const existing = [stored('s1', '2024-01-10', -4250, 'CORNER MARKET #12')]
    expect(findDuplicates([row('2024-01-12', -4250, 'Corner Market')], existing)).toEqual(['s1'])
    expect(findDuplicates([row('2024-01-13', -4250, 'Corner Market')], existing)).toEqual(['s1'])
    expect(findDuplicates([row('2024-01-14', -4250, 'Corner Market')], existing)).toEqual([null])
    expect(findDuplicates([row('2024-01-10', -4251, 'Corner Market')], existing)).toEqual([null])
    expect(findDuplicates([row('2024-01-10', -4250, 'Apple Store')], existing)).toEqual([null])
    expect(findDuplicates([row('2024-01-10', -4250, 'Corner Market', null, B)], existing)).toEqual([null])
    expect(findDuplicates([row('2024-01-10', -4250, 'Corner Market', null, null)], existing)).toEqual([null])
  })

  it('matches a bank row with an id against a row entered by hand (no id)', () => {
    expect(findDuplicates([row('2024-01-11', -4250, 'CORNER MARKET', 'FIT9')], [stored('m1', '2024-01-10', -4250, 'Corner Market')])).toEqual([
      'm1',
    ])
  })

  it('looks at every name a stored row is known by (renamed by a rule or by hand)', () => {
    const renamed: DedupeExisting = { ...stored('s1', '2024-01-10', -999, 'Amazon'), payees: ['Amazon', 'AMZN MKTP US*2K3'] }
    expect(findDuplicates([row('2024-01-10', -999, 'AMZN MKTP US*7Q1')], [renamed])).toEqual(['s1'])
  })

  // failure mode 1 of the anchors: identical purchases on one day must not collapse
  it('keeps two identical coffees on one day: 1 duplicate + 1 new against one stored', () => {
    const coffee = () => row('2024-01-10', -450, 'Blue Bottle Coffee')
    expect(findDuplicates([coffee(), coffee()], [stored('s1', '2024-01-10', -450, 'Blue Bottle Coffee')])).toEqual(['s1', null])
  })

  it('keeps two identical coffees when nothing is stored: 2 new', () => {
    const coffee = () => row('2024-01-10', -450, 'Blue Bottle Coffee')
    expect(findDuplicates([coffee(), coffee()], [])).toEqual([null, null])
  })

  // failure mode 2 of the anchors: a re-import must not duplicate
  it('finds every row of a re-imported file, identical twins included', () => {
    const file = [
      row('2024-01-10', -450, 'Blue Bottle Coffee'),
      row('2024-01-10', -450, 'Blue Bottle Coffee'),
      row('2024-01-11', -450, 'Blue Bottle Coffee'),
      row('2024-01-12', 250000, 'ACME PAYROLL'),
      row('2024-01-12', -6000, ''),
    ]
    const existing = file.map((r, i) => stored(`s${i}`, r.date, r.amount, r.payee))
    expect(findDuplicates(file, existing)).toEqual(['s0', 's1', 's2', 's3', 's4'])
  })

  it('adds only the new rows of an overlapping statement, pairing the closest dates first', () => {
    // stored: Jan 1–10; the new file: Jan 8–14, with the same coffee on Jan 9 and Jan 11
    const existing = [
      stored('s1', '2024-01-01', -450, 'Coffee Shop'),
      stored('s8', '2024-01-08', -2000, 'Grocer'),
      stored('s9', '2024-01-09', -450, 'Coffee Shop'),
      stored('s10', '2024-01-10', -1500, 'Bakery'),
    ]
    const file = [
      row('2024-01-08', -2000, 'Grocer'),
      row('2024-01-09', -450, 'Coffee Shop'),
      row('2024-01-10', -1500, 'Bakery'),
      // within 3 days of the stored Jan 9 coffee, but that one is taken by the Jan 9 row
      row('2024-01-11', -450, 'Coffee Shop'),
      row('2024-01-14', -3000, 'Hardware'),
    ]
    expect(findDuplicates(file, existing)).toEqual(['s8', 's9', 's10', null, null])
  })

  it('gives a stored row to the incoming row with the closest date even when it comes later in the file', () => {
    const existing = [stored('s1', '2024-01-10', -450, 'Coffee Shop')]
    expect(findDuplicates([row('2024-01-08', -450, 'Coffee Shop'), row('2024-01-10', -450, 'Coffee Shop')], existing)).toEqual([null, 's1'])
  })

  it('pairs 100k re-imported rows with 100k stored ones, one to one', () => {
    const file: DedupeIncoming[] = []
    const existing: DedupeExisting[] = []
    for (let i = 0; i < 100_000; i++) {
      const date = `2024-${String((i % 12) + 1).padStart(2, '0')}-${String((i % 28) + 1).padStart(2, '0')}`
      file.push(row(date, -(i % 5000), `Shop ${i % 700}`))
      existing.push(stored(`s${i}`, date, -(i % 5000), `Shop ${i % 700}`))
    }
    const result = findDuplicates(file, existing)
    expect(result.every((id) => id !== null)).toBe(true)
    expect(new Set(result).size).toBe(100_000)
  })
})

describe('AccountBankIds', () => {
  it('holds (account, bank id) pairs: an id belongs to one account, a repeat is refused, rows without an id are left out', () => {
    const ids = AccountBankIds.of([
      { accountId: A, externalId: 'FIT1' },
      { accountId: A, externalId: null },
      { accountId: B, externalId: 'FIT2' },
    ])
    expect(ids.has(A, 'FIT1')).toBe(true)
    expect(ids.has(B, 'FIT1')).toBe(false)
    expect(ids.has(A, 'FIT2')).toBe(false)
    expect(ids.add(A, 'FIT1')).toBe(false)
    expect(ids.add(B, 'FIT1')).toBe(true)
    expect(ids.has(B, 'FIT1')).toBe(true)
  })
})
