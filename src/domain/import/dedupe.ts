// Duplicate detection for statement imports: which incoming rows are already stored. The bank's
// id decides when both rows have one; otherwise a stored row of the same account with the same
// amount, a date at most three days away and a similar payee is the same transaction. Matching
// is one-to-one, closest date first, so two identical coffees on one day stay two rows while a
// re-imported or overlapping statement adds nothing it already has.

import type { IsoDate } from '../dates'
import type { Cents } from '../money'
import { payeeSimilarity, payeeTokens, PAYEE_MATCH_THRESHOLD } from '../payee'

export type DedupeIncoming = {
  /** null for an account the import is about to create: nothing stored can match it */
  accountId: string | null
  date: IsoDate
  amount: Cents
  payee: string
  externalId: string | null
}

export type DedupeExisting = {
  id: string
  accountId: string
  date: IsoDate
  amount: Cents
  /** every text the row's payee is known by (the merchant now, the payee it was imported with) */
  payees: readonly string[]
  externalId: string | null
}

export type DedupeOptions = {
  /** how many days apart two rows may be and still be one (default 3) */
  windowDays?: number
  /** payee similarity needed, 0..1 (default PAYEE_MATCH_THRESHOLD) */
  threshold?: number
}

export const DUPLICATE_WINDOW_DAYS = 3

/** Days since 1970-01-01 of an ISO date, without building Date objects in the hot loop. */
export function dayNumber(date: IsoDate): number {
  return Date.UTC(Number(date.slice(0, 4)), Number(date.slice(5, 7)) - 1, Number(date.slice(8, 10))) / 86_400_000
}

/**
 * A set of (account, bank id) pairs, held by account then id, so no key string is made per pair
 * (an import asks it for every row of every chunk).
 */
export class AccountBankIds {
  private readonly byAccount = new Map<string, Set<string>>()

  /** Adds the pair; false when it was there already. */
  add(accountId: string, externalId: string): boolean {
    let ids = this.byAccount.get(accountId)
    if (!ids) this.byAccount.set(accountId, (ids = new Set()))
    if (ids.has(externalId)) return false
    ids.add(externalId)
    return true
  }

  has(accountId: string, externalId: string): boolean {
    return this.byAccount.get(accountId)?.has(externalId) ?? false
  }

  /** The pairs of these stored rows that carry a bank id. */
  static of(rows: Iterable<{ accountId: string; externalId: string | null }>): AccountBankIds {
    const set = new AccountBankIds()
    for (const r of rows) if (r.externalId !== null) set.add(r.accountId, r.externalId)
    return set
  }
}

type Candidate = { incoming: number; existing: number; distance: number; similarity: number }

/**
 * For each incoming row (same order), the id of the stored row it duplicates, or null when it
 * is new. `existing` should be in (date, id) order: among equally good matches the earlier
 * stored row is taken.
 */
export function findDuplicates(
  incoming: readonly DedupeIncoming[],
  existing: readonly DedupeExisting[],
  options: DedupeOptions = {},
): (string | null)[] {
  const window = options.windowDays ?? DUPLICATE_WINDOW_DAYS
  const threshold = options.threshold ?? PAYEE_MATCH_THRESHOLD
  const result: (string | null)[] = incoming.map(() => null)
  const used = new Uint8Array(existing.length)

  // 1. the bank's id, looked up by account then id (no key is built per row)
  if (incoming.some((row) => row.accountId !== null && row.externalId !== null)) {
    const byExternalId = new Map<string, Map<string, number>>()
    existing.forEach((e, j) => {
      if (e.externalId === null) return
      let ids = byExternalId.get(e.accountId)
      if (!ids) byExternalId.set(e.accountId, (ids = new Map()))
      ids.set(e.externalId, j)
    })
    incoming.forEach((row, i) => {
      if (row.accountId === null || row.externalId === null) return
      const j = byExternalId.get(row.accountId)?.get(row.externalId)
      if (j === undefined || used[j]) return
      used[j] = 1
      result[i] = existing[j]?.id ?? null
    })
  }

  // 2. amount, date window and payee, for the rest: the stored rows of the accounts rows are left
  // in, by account, amount and day (none when every row was found by its id: a re-import)
  const open = new Set<string>()
  incoming.forEach((row, i) => {
    if (result[i] === null && row.accountId !== null) open.add(row.accountId)
  })
  if (open.size === 0) return result
  const buckets = new Map<string, Map<number, Map<number, number[]>>>()
  let unmatched = 0
  existing.forEach((e, j) => {
    if (used[j] || !open.has(e.accountId)) return
    unmatched++
    let byAmount = buckets.get(e.accountId)
    if (!byAmount) buckets.set(e.accountId, (byAmount = new Map()))
    let byDay = byAmount.get(e.amount)
    if (!byDay) byAmount.set(e.amount, (byDay = new Map()))
    const day = dayNumber(e.date)
    const bucket = byDay.get(day)
    if (bucket) bucket.push(j)
    else byDay.set(day, [j])
  })
  if (unmatched === 0) return result

  // payees repeat: each distinct text is split into words once
  const tokenCache = new Map<string, string[]>()
  const tokens = (payee: string): string[] => {
    let t = tokenCache.get(payee)
    if (!t) tokenCache.set(payee, (t = payeeTokens(payee)))
    return t
  }

  const candidates: Candidate[] = []
  incoming.forEach((row, i) => {
    if (result[i] !== null || row.accountId === null) return
    const byDay = buckets.get(row.accountId)?.get(row.amount)
    if (!byDay) return
    const day = dayNumber(row.date)
    for (let offset = -window; offset <= window; offset++) {
      const bucket = byDay.get(day + offset)
      if (!bucket) continue
      for (const j of bucket) {
        const e = existing[j]
        if (!e) continue
        // two rows that both carry a bank id are one only when the ids are the same
        if (row.externalId !== null && e.externalId !== null) continue
        const own = tokens(row.payee)
        let similarity = e.payees.length === 0 ? payeeSimilarity(own, []) : 0
        for (const payee of e.payees) similarity = Math.max(similarity, payeeSimilarity(own, tokens(payee)))
        if (similarity >= threshold) candidates.push({ incoming: i, existing: j, distance: Math.abs(offset), similarity })
      }
    }
  })

  // closest dates first, then the more similar payee, then file order and stored order
  candidates.sort(
    (a, b) => a.distance - b.distance || b.similarity - a.similarity || a.incoming - b.incoming || a.existing - b.existing,
  )
  for (const c of candidates) {
    if (result[c.incoming] !== null || used[c.existing]) continue
    used[c.existing] = 1
    result[c.incoming] = existing[c.existing]?.id ?? null
  }
  return result
}
