import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import { findTransfers, type StoredTransferCandidate, type TransferCandidate } from './transfers'

const row = (account: string, date: string, amount: number): TransferCandidate => ({ account, date, amount: asCents(amount) })
const stored = (id: string, account: string, date: string, amount: number): StoredTransferCandidate => ({ id, ...row(account, date, amount) })

describe('findTransfers', () => {
  it('pairs opposite amounts of two imported accounts within 3 days', () => {
    const rows = [row('checking', '2024-01-10', -50000), row('savings', '2024-01-12', 50000), row('checking', '2024-01-11', -1200)]
    expect(findTransfers(rows, [])).toEqual([{ incoming: 1 }, { incoming: 0 }, null])
  })

  it('does not pair rows of the same account, equal signs, other amounts or dates too far apart', () => {
    expect(findTransfers([row('a', '2024-01-10', -500), row('a', '2024-01-10', 500)], [])).toEqual([null, null])
    expect(findTransfers([row('a', '2024-01-10', 500), row('b', '2024-01-10', 500)], [])).toEqual([null, null])
    expect(findTransfers([row('a', '2024-01-10', -500), row('b', '2024-01-10', 501)], [])).toEqual([null, null])
    expect(findTransfers([row('a', '2024-01-10', -500), row('b', '2024-01-14', 500)], [])).toEqual([null, null])
    expect(findTransfers([row('a', '2024-01-10', 0), row('b', '2024-01-10', 0)], [])).toEqual([null, null])
  })

  it('pairs an imported row with a stored row of another account', () => {
    const result = findTransfers([row('checking', '2024-01-10', -30000)], [stored('t1', 'card', '2024-01-12', 30000), stored('t2', 'checking', '2024-01-10', 30000)])
    expect(result).toEqual([{ existingId: 't1' }])
  })

  it('is one-to-one, closest dates first', () => {
    // two payments out of checking, one card credit: the closer one takes it
    const rows = [row('checking', '2024-01-07', -10000), row('checking', '2024-01-09', -10000), row('card', '2024-01-10', 10000)]
    expect(findTransfers(rows, [])).toEqual([null, { incoming: 2 }, { incoming: 1 }])
    // one stored credit is the partner of one imported row only
    const twice = findTransfers([row('checking', '2024-01-10', -100), row('savings', '2024-01-11', -100)], [stored('t1', 'card', '2024-01-10', 100)])
    expect(twice).toEqual([{ existingId: 't1' }, null])
  })

  it('prefers two imported rows over a stored row at the same distance', () => {
    const result = findTransfers([row('checking', '2024-01-10', -100), row('savings', '2024-01-10', 100)], [stored('t1', 'card', '2024-01-10', 100)])
    expect(result).toEqual([{ incoming: 1 }, { incoming: 0 }])
  })
})
