// Transfer detection for statement imports: money that left one of the household's accounts
// and arrived in another is a transfer, not spending and income. Among the rows being imported
// (across all their accounts) and the stored ordinary rows of the household's other accounts,
// two rows of different accounts with opposite amounts at most three days apart are a pair:
// one-to-one, closest dates first.

import type { IsoDate } from '../dates'
import type { Cents } from '../money'
import { dayNumber } from './dedupe'

export type TransferCandidate = {
  /** the account's id, or any stable name for an account the import is about to create */
  account: string
  date: IsoDate
  amount: Cents
}

export type StoredTransferCandidate = TransferCandidate & { id: string }

export type TransferPartner = { incoming: number } | { existingId: string }

export const TRANSFER_WINDOW_DAYS = 3

type Pair = { a: number; b: number; stored: boolean; distance: number }

function bucketKey(amount: number, day: number): string {
  return `${amount}|${day}`
}

function bucketsOf(rows: readonly TransferCandidate[]): Map<string, number[]> {
  const buckets = new Map<string, number[]>()
  rows.forEach((row, i) => {
    if (row.amount === 0) return
    const key = bucketKey(row.amount, dayNumber(row.date))
    const bucket = buckets.get(key)
    if (bucket) bucket.push(i)
    else buckets.set(key, [i])
  })
  return buckets
}

/**
 * For each incoming row (same order), its transfer partner: another incoming row or a stored
 * row, or null. Pairs are symmetric between incoming rows; a stored row partners one row only.
 */
export function findTransfers(
  incoming: readonly TransferCandidate[],
  stored: readonly StoredTransferCandidate[],
  windowDays = TRANSFER_WINDOW_DAYS,
): (TransferPartner | null)[] {
  const result: (TransferPartner | null)[] = incoming.map(() => null)
  const incomingBuckets = bucketsOf(incoming)
  const storedBuckets = bucketsOf(stored)
  const pairs: Pair[] = []
  incoming.forEach((row, i) => {
    if (row.amount === 0) return
    const day = dayNumber(row.date)
    for (let offset = -windowDays; offset <= windowDays; offset++) {
      const key = bucketKey(-row.amount, day + offset)
      // each pair of incoming rows once: from its earlier row
      for (const j of incomingBuckets.get(key) ?? []) {
        if (j > i && incoming[j]?.account !== row.account) pairs.push({ a: i, b: j, stored: false, distance: Math.abs(offset) })
      }
      for (const j of storedBuckets.get(key) ?? []) {
        if (stored[j]?.account !== row.account) pairs.push({ a: i, b: j, stored: true, distance: Math.abs(offset) })
      }
    }
  })
  // closest dates first; at equal distance two imported rows before a stored one (nothing
  // stored changes then), then file order
  pairs.sort((x, y) => x.distance - y.distance || Number(x.stored) - Number(y.stored) || x.a - y.a || x.b - y.b)
  const storedUsed = new Uint8Array(stored.length)
  for (const p of pairs) {
    if (result[p.a] !== null) continue
    if (p.stored) {
      const partner = stored[p.b]
      if (storedUsed[p.b] || !partner) continue
      storedUsed[p.b] = 1
      result[p.a] = { existingId: partner.id }
    } else {
      if (result[p.b] !== null) continue
      result[p.a] = { incoming: p.b }
      result[p.b] = { incoming: p.a }
    }
  }
  return result
}
