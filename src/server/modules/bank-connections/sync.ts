// Syncing one bank connection, for "Sync now", the scheduled job and Plaid's webhook.
//   SimpleFIN: the accounts are read in windows of at most 90 days (from 90 days back the first
//   time, else from two weeks before the last success, so pending rows that post are seen); each
//   account is written in its own database transaction, and one that fails (the bridge's errlist,
//   data that does not parse, a write that fails) never stops the others. The bridge's own
//   messages for the member (`errors`: a v1 bridge reports a bank it could not read only there)
//   come back in the result and on the connection; with no account at all they fail the sync.
//   Plaid: /transactions/sync pages from the saved cursor until has_more is false (a
//   TRANSACTIONS_SYNC_MUTATION_DURING_PAGINATION restarts from the saved cursor), then everything
//   — accounts, rows, balances and the new cursor — in one transaction: a failed sync writes
//   nothing and the cursor moves only with what it covered. ITEM_LOGIN_REQUIRED → login_required.
// Accounts still unlinked get a Kinwise account of the member (the provider's name and type).
import { and, eq } from 'drizzle-orm'
import type { FastifyBaseLogger } from 'fastify'
import type { SyncResult } from '#src/contract/bank-connections'
import type { AccountType } from '#src/contract/accounts'
import type { IsoDate } from '#src/domain/dates'
import type { Config } from '#src/server/config'
import { openSecret } from '#src/server/crypto/secret-box'
import type { Db, DbOrTx, Tx } from '#src/server/db/connect'
import { accounts, bankConnectionAccounts, bankConnections, householdMembers } from '#src/server/db/schema'
import { BankProviderError, plainWords, type ProviderAccount, type ProviderTransaction } from '#src/server/integrations/banks/bank-provider'
import { plaidClient, type PlaidClient } from '#src/server/integrations/banks/plaid'
import { SIMPLEFIN_MAX_WINDOW_DAYS, simplefinClient, type SimplefinAccountResult, type SimplefinClient } from '#src/server/integrations/banks/simplefin'
import { forgetScope } from '#src/server/core/scope'
import { lastFour } from '#src/domain/accounts'
import { applyAccountChanges, type ApplyCounts } from './apply'
import { connectionById, linksOf, lockConnection, type ConnectionRow, type LinkRow } from './repo'

const DAY_MS = 86_400_000
/** How far back the first sync reads. */
export const FIRST_SYNC_DAYS = 90
/** Later syncs read again from this many days before the last success (pending rows post late). */
export const OVERLAP_DAYS = 14
/** The longest history a sync reads after a long pause. */
const MAX_HISTORY_DAYS = 365
/** Restarts of a Plaid pagination that kept changing under us. */
const MAX_PAGINATION_RESTARTS = 3

export type BankClients = { simplefin: SimplefinClient; plaid: PlaidClient | null }

export function bankClients(config: Config): BankClients {
  return {
    simplefin: simplefinClient({ allowLocal: config.banks.allowLocalProviders }),
    plaid: config.plaid ? plaidClient(config.plaid) : null,
  }
}

export type SyncDeps = { db: Db; config: Config; clients: BankClients; log?: FastifyBaseLogger }

const isoDay = (d: Date): IsoDate => d.toISOString().slice(0, 10)

/** A Kinwise account type from a name, when the provider gives none. */
export function typeFromName(name: string): AccountType {
  const n = name.toLowerCase()
  if (/credit|card|visa|mastercard|amex/.test(n)) return 'credit_card'
  if (/saving/.test(n)) return 'savings'
  if (/mortgage/.test(n)) return 'mortgage'
  if (/loan/.test(n)) return 'loan'
  if (/invest|brokerage|ira|401k|retire/.test(n)) return 'investment'
  return 'checking'
}

/** A new Kinwise account of the connection's member for a provider account. */
export async function createKinwiseAccount(
  db: DbOrTx,
  conn: Pick<ConnectionRow, 'householdId' | 'userId' | 'institution'>,
  values: { name: string; type: AccountType; currency: string; mask: string | null; visibility?: string; sharedWithTeens?: boolean },
): Promise<string> {
  const [row] = await db
    .insert(accounts)
    .values({
      householdId: conn.householdId,
      userId: conn.userId,
      name: values.name.slice(0, 80) || 'Bank account',
      type: values.type,
      visibility: values.visibility ?? 'shared',
      sharedWithTeens: values.sharedWithTeens ?? false,
      currency: values.currency,
      accountNumber: lastFour(values.mask),
      institution: conn.institution || null,
    })
    .returning({ id: accounts.id })
  if (!row) throw new Error('insert returned no row')
  return row.id
}

/** The link row of a provider account (made when the provider shows a new one), its details refreshed. */
async function upsertLink(tx: DbOrTx, conn: ConnectionRow, a: ProviderAccount, error: string | null): Promise<LinkRow> {
  const fields = {
    name: a.name,
    mask: a.mask,
    currency: a.currency,
    ...(a.balance !== null ? { balance: a.balance, balanceDate: a.balanceDate ?? new Date() } : {}),
    ...(a.availableBalance !== null ? { availableBalance: a.availableBalance } : {}),
    lastError: error,
  }
  const [row] = await tx
    .insert(bankConnectionAccounts)
    .values({ connectionId: conn.id, householdId: conn.householdId, externalAccountId: a.id, ...fields })
    .onConflictDoUpdate({ target: [bankConnectionAccounts.connectionId, bankConnectionAccounts.externalAccountId], set: fields })
    .returning()
  if (!row) throw new Error('upsert returned no row')
  return row
}

/** The Kinwise account a link feeds, created now when it has none (or its account was deleted). */
async function ensureAccount(tx: Tx, conn: ConnectionRow, link: LinkRow, type: AccountType): Promise<string> {
  if (link.accountId !== null) {
    const [exists] = await tx
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.id, link.accountId), eq(accounts.householdId, conn.householdId)))
    if (exists) return exists.id
  }
  const id = await createKinwiseAccount(tx, conn, { name: link.name, type, currency: link.currency, mask: link.mask })
  await tx.update(bankConnectionAccounts).set({ accountId: id }).where(eq(bankConnectionAccounts.id, link.id))
  return id
}

const emptyResult = (): SyncResult => ({ added: 0, updated: 0, removed: 0, errors: [] })
const addCounts = (r: SyncResult, c: ApplyCounts) => {
  r.added += c.added
  r.updated += c.updated
  r.removed += c.removed
}

/** The windows (oldest first, each at most 90 days) that cover [from, to). */
export function windowsOf(from: Date, to: Date): { from: Date; to: Date }[] {
  const out: { from: Date; to: Date }[] = []
  for (let start = from.getTime(); start < to.getTime(); start += SIMPLEFIN_MAX_WINDOW_DAYS * DAY_MS) {
    out.push({ from: new Date(start), to: new Date(Math.min(start + SIMPLEFIN_MAX_WINDOW_DAYS * DAY_MS, to.getTime())) })
  }
  return out
}

/** Who speaks in a SimpleFIN bridge's own messages. */
export const SIMPLEFIN_NAME = 'SimpleFIN Bridge'

const sentence = (text: string): string => (/[.!?]$/.test(text) ? text : `${text}.`)

/** The bridge's messages as one line for the connection: "SimpleFIN Bridge: … …". */
export function bridgeWords(messages: readonly string[]): string {
  return `${SIMPLEFIN_NAME}: ${messages.map(sentence).join(' ')}`
}

/**
 * The connection's last error after a sync that went through, in plain words: the bridge's own
 * messages first, then the account that failed (or how many did); null when nothing went wrong.
 */
export function problemsText(notices: readonly string[], failed: SyncResult['errors']): string | null {
  const accounts =
    failed.length === 0 ? null : failed.length === 1 ? `${failed[0]?.name ?? 'An account'}: ${failed[0]?.message ?? ''}` : `${String(failed.length)} accounts could not be synced`
  if (notices.length === 0) return accounts
  return accounts === null ? bridgeWords(notices) : `${bridgeWords(notices)} ${accounts}`
}

/** A provider's sync: the counts and the accounts that failed, and the provider's own messages for the member. */
type ProviderSync = { result: SyncResult; notices: string[] }

async function syncSimplefin(deps: SyncDeps, conn: ConnectionRow, now: Date): Promise<ProviderSync> {
  const result = emptyResult()
  const notices: string[] = []
  const accessUrl = openSecret(conn.accessSecret, deps.config.secretKey)
  const since = conn.lastSuccessAt
    ? new Date(Math.max(conn.lastSuccessAt.getTime() - OVERLAP_DAYS * DAY_MS, now.getTime() - MAX_HISTORY_DAYS * DAY_MS))
    : new Date(now.getTime() - FIRST_SYNC_DAYS * DAY_MS)
  const until = new Date(now.getTime() + DAY_MS)
  // every window first: a bridge that fails part-way fails the sync before anything is written
  const merged = new Map<string, SimplefinAccountResult>()
  for (const w of windowsOf(since, until)) {
    const set = await deps.clients.simplefin.accounts(accessUrl, w.from, w.to)
    for (const m of set.messages) if (!notices.includes(m)) notices.push(m)
    for (const a of set.accounts) {
      const seen = merged.get(a.id)
      merged.set(a.id, seen ? { ...a, transactions: [...seen.transactions, ...a.transactions], error: a.error ?? seen.error } : a)
    }
  }
  // the bridge answered no account, only why: nothing was read, the sync failed
  if (merged.size === 0 && notices.length > 0) throw new BankProviderError('failed', bridgeWords(notices))
  const window = { from: isoDay(since), to: isoDay(now) }
  for (const a of merged.values()) {
    if (a.error !== null) {
      await upsertLink(deps.db, conn, a, a.error)
      const link = (await linksOf(deps.db, [conn.id])).find((l) => l.externalAccountId === a.id)
      result.errors.push({ accountId: link?.id ?? null, name: a.name, message: a.error })
      continue
    }
    try {
      const counts = await deps.db.transaction(async (tx) => {
        const locked = await lockConnection(tx, conn.id)
        if (!locked) throw new BankProviderError('revoked', 'The connection was disconnected')
        const link = await upsertLink(tx, conn, a, null)
        const accountId = await ensureAccount(tx, conn, link, a.type)
        return applyAccountChanges(
          tx,
          { householdId: conn.householdId, userId: conn.userId, accountId },
          { added: a.transactions, removed: [], pendingWindow: window, providerBalance: a.balance },
          now,
        )
      })
      addCounts(result, counts)
    } catch (error) {
      deps.log?.warn({ err: error, connectionId: conn.id }, 'bank account sync failed')
      const message = error instanceof BankProviderError ? plainWords(error) : 'This account could not be saved: the next sync tries again'
      const [link] = await deps.db
        .update(bankConnectionAccounts)
        .set({ lastError: message })
        .where(and(eq(bankConnectionAccounts.connectionId, conn.id), eq(bankConnectionAccounts.externalAccountId, a.id)))
        .returning({ id: bankConnectionAccounts.id })
      result.errors.push({ accountId: link?.id ?? null, name: a.name, message })
    }
  }
  return { result, notices }
}

type PlaidChanges = { added: ProviderTransaction[]; modified: ProviderTransaction[]; removed: { id: string; accountId: string }[]; cursor: string | null }

/** Every page from the saved cursor; a mutation during pagination starts again from it. */
export async function readPlaidChanges(client: PlaidClient, accessToken: string, cursor: string | null): Promise<PlaidChanges> {
  for (let attempt = 0; ; attempt++) {
    const changes: PlaidChanges = { added: [], modified: [], removed: [], cursor }
    try {
      for (;;) {
        const page = await client.syncPage(accessToken, changes.cursor)
        changes.added.push(...page.added)
        changes.modified.push(...page.modified)
        changes.removed.push(...page.removed)
        changes.cursor = page.nextCursor
        if (!page.hasMore) return changes
      }
    } catch (error) {
      if (error instanceof BankProviderError && error.kind === 'mutation_during_pagination' && attempt < MAX_PAGINATION_RESTARTS) continue
      throw error
    }
  }
}

async function syncPlaid(deps: SyncDeps, conn: ConnectionRow, now: Date): Promise<SyncResult> {
  const client = deps.clients.plaid
  if (!client) throw new BankProviderError('failed', 'Plaid is not configured on this server any more')
  const accessToken = openSecret(conn.accessSecret, deps.config.secretKey)
  const changes = await readPlaidChanges(client, accessToken, conn.cursor)
  const balances = await client.balances(accessToken)
  const item = await client.item(accessToken)
  const result = emptyResult()
  await deps.db.transaction(async (tx) => {
    const locked = await lockConnection(tx, conn.id)
    if (!locked) throw new BankProviderError('revoked', 'The connection was disconnected')
    // another sync moved the cursor meanwhile: what was read here is already written
    if (locked.cursor !== conn.cursor) return
    const accountFor = new Map<string, string>()
    const providerAccounts = new Map(balances.map((a) => [a.id, a]))
    for (const a of balances) {
      const link = await upsertLink(tx, conn, a, null)
      accountFor.set(a.id, await ensureAccount(tx, conn, link, a.type))
    }
    const byAccount = new Map<string, { added: ProviderTransaction[]; removed: string[] }>()
    const bucket = (id: string) => {
      let b = byAccount.get(id)
      if (!b) byAccount.set(id, (b = { added: [], removed: [] }))
      return b
    }
    for (const t of [...changes.added, ...changes.modified]) bucket(t.accountId).added.push(t)
    for (const r of changes.removed) bucket(r.accountId).removed.push(r.id)
    for (const [providerAccountId, c] of byAccount) {
      const accountId = accountFor.get(providerAccountId)
      if (!accountId) {
        // a removal without its account (Plaid may leave account_id empty): look in every account
        if (c.added.length > 0) throw new BankProviderError('failed', 'Plaid sent transactions of an account it did not list')
        for (const id of accountFor.values()) {
          addCounts(
            result,
            await applyAccountChanges(tx, { householdId: conn.householdId, userId: conn.userId, accountId: id }, { added: [], removed: c.removed, pendingWindow: null, providerBalance: null }, now),
          )
        }
        continue
      }
      addCounts(
        result,
        await applyAccountChanges(
          tx,
          { householdId: conn.householdId, userId: conn.userId, accountId },
          { added: c.added, removed: c.removed, pendingWindow: null, providerBalance: providerAccounts.get(providerAccountId)?.balance ?? null },
          now,
        ),
      )
    }
    await tx
      .update(bankConnections)
      .set({ cursor: changes.cursor, institution: item.institution || conn.institution, consentExpiresAt: item.consentExpiresAt })
      .where(eq(bankConnections.id, conn.id))
  })
  return result
}

/**
 * Syncs the connection now and records its health: status, last sync and success, the error in
 * plain words, the next scheduled run. A whole-connection failure is a result with one error
 * (accountId null), never a thrown error; so is each of the bridge's own messages, beside the
 * rows of the accounts that synced.
 */
export async function syncConnection(deps: SyncDeps, connectionId: string, now: Date): Promise<SyncResult> {
  return (await syncOnce(deps, connectionId, now)).result
}

/** syncConnection, and whether the connection as a whole failed (the scheduled job counts them). */
async function syncOnce(deps: SyncDeps, connectionId: string, now: Date): Promise<{ result: SyncResult; failed: boolean }> {
  const failedWith = (name: string, message: string) => ({ result: { ...emptyResult(), errors: [{ accountId: null, name, message }] }, failed: true })
  const conn = await connectionById(deps.db, connectionId)
  if (!conn) return failedWith('Bank', 'The connection was disconnected')
  const nextSyncAt = new Date(now.getTime() + deps.config.banks.syncIntervalMinutes * 60_000)
  // its member left the household: nothing more is written into the household's accounts
  const [membership] = await deps.db
    .select({ userId: householdMembers.userId })
    .from(householdMembers)
    .where(and(eq(householdMembers.userId, conn.userId), eq(householdMembers.householdId, conn.householdId)))
  if (!membership) {
    const message = 'The member who made this connection is no longer in the household'
    await deps.db.update(bankConnections).set({ status: 'disconnected', lastError: message, nextSyncAt: null, updatedAt: now }).where(eq(bankConnections.id, conn.id))
    return failedWith(conn.institution || 'Bank', message)
  }
  let outcome: ProviderSync
  try {
    outcome = conn.provider === 'plaid' ? { result: await syncPlaid(deps, conn, now), notices: [] } : await syncSimplefin(deps, conn, now)
  } catch (error) {
    if (!(error instanceof BankProviderError)) deps.log?.error({ err: error, connectionId }, 'bank sync failed')
    const message = plainWords(error)
    const status = error instanceof BankProviderError && error.kind === 'login_required' ? 'login_required' : 'error'
    await deps.db
      .update(bankConnections)
      .set({ status, lastSyncAt: now, lastError: message, nextSyncAt, updatedAt: now })
      .where(eq(bankConnections.id, conn.id))
    return failedWith(conn.institution || 'Bank', message)
  } finally {
    // accounts may have been made: the household's account facts are read afresh
    forgetScope(deps.db, conn.householdId)
  }
  const { result, notices } = outcome
  await deps.db
    .update(bankConnections)
    .set({
      status: 'active',
      lastSyncAt: now,
      lastSuccessAt: now,
      lastError: problemsText(notices, result.errors),
      nextSyncAt,
      updatedAt: now,
    })
    .where(eq(bankConnections.id, conn.id))
  // the bridge's messages first: they are about the whole connection
  return { result: { ...result, errors: [...notices.map((message) => ({ accountId: null, name: SIMPLEFIN_NAME, message })), ...result.errors] }, failed: false }
}

/** Every connection whose interval has passed, one after the other (the scheduled job). */
export async function syncDue(deps: SyncDeps, due: readonly ConnectionRow[], now: Date): Promise<{ synced: number; failed: number }> {
  let synced = 0
  let failed = 0
  for (const conn of due) {
    if ((await syncOnce(deps, conn.id, now)).failed) failed += 1
    else synced += 1
  }
  return { synced, failed }
}

