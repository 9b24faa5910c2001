// Bank connections' use cases: what the server offers, the member's connections,
// connecting (a SimpleFIN setup token claimed, or a Plaid public token exchanged; the access URL
// or token sealed with KINWISE_SECRET_KEY), linking each provider account to a Kinwise account,
// Sync now, disconnecting (the sealed secret deleted with the row), Plaid Link tokens and Plaid's
// webhook. Linking and syncing need a second factor (403 MFA_REQUIRED); a connection is its
// member's own: anyone else gets 404.
import type { z } from 'zod'
import type {
  BankConnection,
  createBankConnectionBody,
  linkBankAccountBody,
  SyncResult,
} from '#src/contract/bank-connections'
import { tierLimits } from '#src/domain/tiers'
import type { Config } from '#src/server/config'
import { sealSecret } from '#src/server/crypto/secret-box'
import type { Db } from '#src/server/db/connect'
import { AppError, conflict, forbidden, invalidField, notFound } from '#src/server/http/errors'
import { UnsafeUrlError } from '#src/server/http/safe-url'
import { BankProviderError, plainWords, type ProviderAccount } from '#src/server/integrations/banks/bank-provider'
import { verifyPlaidWebhook } from '#src/server/integrations/banks/plaid-webhook'
import { claimUrlOf } from '#src/server/integrations/banks/simplefin'
import { openSecret } from '#src/server/crypto/secret-box'
import { forgetScope, memberScope, writableAccount } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import {
  connectionByItem,
  deleteConnection,
  findLink,
  householdConnectionCount,
  insertConnection,
  insertLinks,
  linkedElsewhere,
  linksOf,
  ownConnection,
  ownConnections,
  setLinkAccount,
  toConnectionDto,
  updateConnection,
  type ConnectionRow,
} from './repo'
import { removeAtProviders } from './release'
import { bankClients, bridgeWords, createKinwiseAccount, SIMPLEFIN_NAME, syncConnection, typeFromName, type BankClients, type SyncDeps } from './sync'

export type BankDeps = { db: Db; config: Config; clients: BankClients }

export function bankDeps(db: Db, config: Config): BankDeps {
  return { db, config, clients: bankClients(config) }
}

/** Linking a bank and syncing it need a second factor on the member's account. */
function requireMfa(user: SessionUser): void {
  if (!user.mfaEnabled) {
    throw forbidden('Turn on two-step verification to connect a bank', 'MFA_REQUIRED')
  }
}

const providerError = (error: BankProviderError) => new AppError(502, 'PROVIDER_ERROR', plainWords(error))

async function dto(deps: BankDeps, row: ConnectionRow): Promise<BankConnection> {
  return toConnectionDto(row, await linksOf(deps.db, [row.id]))
}

/**
 * Bank tokens are only ever stored sealed: without KINWISE_SECRET_KEY no bank can be
 * connected, and the page says what the server's administrator must set.
 */
function requireSecretKey(deps: BankDeps): void {
  if (!deps.config.secretKey) {
    throw conflict(
      'Bank connections need KINWISE_SECRET_KEY on the server, so bank tokens are encrypted at rest: ask whoever runs Kinwise to set it',
      'SECRET_KEY_REQUIRED',
    )
  }
}

export async function providers(deps: BankDeps, user: SessionUser) {
  const sealed = deps.config.secretKey !== null
  return {
    simplefin: sealed,
    plaid: sealed && deps.config.plaid !== null,
    limit: tierLimits(user.subscriptionTier).bankConnections,
    used: await householdConnectionCount(deps.db, user.householdId),
  }
}

export async function list(deps: BankDeps, user: SessionUser): Promise<BankConnection[]> {
  const rows = await ownConnections(deps.db, user)
  const links = await linksOf(
    deps.db,
    rows.map((r) => r.id),
  )
  return rows.map((r) => toConnectionDto(r, links))
}

type Claimed = {
  secret: string
  itemId: string | null
  institution: string
  consentExpiresAt: Date | null
  accounts: ProviderAccount[]
  /** nothing could be read: the connection starts in error */
  error: string | null
  /** the provider's own message for the member (SimpleFIN's `errors`) beside accounts that were read */
  notice: string | null
}

async function claimSimplefin(deps: BankDeps, setupToken: string, now: Date): Promise<Claimed> {
  try {
    claimUrlOf(setupToken)
  } catch (error) {
    throw invalidField('body.setupToken', error instanceof Error ? error.message : 'Not a setup token')
  }
  let accessUrl: string
  try {
    accessUrl = await deps.clients.simplefin.claim(setupToken)
  } catch (error) {
    if (error instanceof BankProviderError && error.kind === 'claimed') {
      throw conflict(plainWords(error), 'SETUP_TOKEN_CLAIMED')
    }
    // the claim URL inside the token, or the Access URL its bridge answered, is an internal address
    if (error instanceof UnsafeUrlError) throw invalidField('body.setupToken', error.message, error.code)
    if (error instanceof BankProviderError) throw providerError(error)
    throw error
  }
  // the token is spent now: the access URL is kept even when the accounts cannot be read yet
  try {
    const set = await deps.clients.simplefin.accounts(accessUrl, new Date(now.getTime() - 86_400_000), new Date(now.getTime() + 86_400_000))
    const said = set.messages.length > 0 ? bridgeWords(set.messages) : null
    return {
      secret: accessUrl,
      itemId: null,
      institution: set.accounts.find((a) => a.institution)?.institution ?? SIMPLEFIN_NAME,
      consentExpiresAt: null,
      accounts: set.accounts,
      // only the bridge's words and no account: nothing could be read
      error: set.accounts.length === 0 ? said : null,
      notice: set.accounts.length === 0 ? null : said,
    }
  } catch (error) {
    return { secret: accessUrl, itemId: null, institution: SIMPLEFIN_NAME, consentExpiresAt: null, accounts: [], error: plainWords(error), notice: null }
  }
}

async function claimPlaid(deps: BankDeps, publicToken: string, institution: string | undefined): Promise<Claimed> {
  const client = deps.clients.plaid
  if (!client) throw conflict('Plaid is not set up on this server', 'PLAID_NOT_CONFIGURED')
  let exchanged: { accessToken: string; itemId: string }
  try {
    exchanged = await client.exchange(publicToken)
  } catch (error) {
    if (error instanceof BankProviderError) throw providerError(error)
    throw error
  }
  try {
    const item = await client.item(exchanged.accessToken)
    const accounts = await client.balances(exchanged.accessToken)
    return {
      secret: exchanged.accessToken,
      itemId: exchanged.itemId,
      institution: item.institution || institution || 'Bank',
      consentExpiresAt: item.consentExpiresAt,
      accounts,
      error: null,
      notice: null,
    }
  } catch (error) {
    return { secret: exchanged.accessToken, itemId: exchanged.itemId, institution: institution ?? 'Bank', consentExpiresAt: null, accounts: [], error: plainWords(error), notice: null }
  }
}

export async function create(
  deps: BankDeps,
  user: SessionUser,
  body: z.output<typeof createBankConnectionBody>,
  now: Date,
): Promise<BankConnection> {
  requireMfa(user)
  requireSecretKey(deps)
  const limit = tierLimits(user.subscriptionTier).bankConnections
  if ((await householdConnectionCount(deps.db, user.householdId)) >= limit) {
    throw conflict(`Your plan allows ${String(limit)} bank connections in the household`, 'LIMIT_REACHED')
  }
  const claimed = body.provider === 'simplefin' ? await claimSimplefin(deps, body.setupToken, now) : await claimPlaid(deps, body.publicToken, body.institution)
  const row = await deps.db.transaction(async (tx) => {
    const conn = await insertConnection(tx, {
      householdId: user.householdId,
      userId: user.id,
      provider: body.provider,
      status: claimed.error === null ? 'active' : 'error',
      accessSecret: sealSecret(claimed.secret, deps.config.secretKey),
      itemId: claimed.itemId,
      institution: claimed.institution.slice(0, 120),
      lastError: claimed.error ?? claimed.notice,
      consentExpiresAt: claimed.consentExpiresAt,
      // the first sync comes when the member has linked the accounts (or at the next interval)
      nextSyncAt: new Date(now.getTime() + deps.config.banks.syncIntervalMinutes * 60_000),
      createdAt: now,
      updatedAt: now,
    })
    if (!conn) throw conflict('This bank login is connected already', 'ALREADY_CONNECTED')
    if (claimed.accounts.length > 0) {
      await insertLinks(
        tx,
        claimed.accounts.map((a) => ({
          connectionId: conn.id,
          householdId: user.householdId,
          externalAccountId: a.id,
          name: a.name.slice(0, 200),
          mask: a.mask,
          currency: a.currency,
          balance: a.balance,
          availableBalance: a.availableBalance,
          balanceDate: a.balance === null ? null : (a.balanceDate ?? now),
          lastError: 'error' in a && typeof a.error === 'string' ? a.error : null,
          createdAt: now,
        })),
      )
    }
    return conn
  })
  return dto(deps, row)
}

export async function link(
  deps: BankDeps,
  user: SessionUser,
  connectionId: string,
  linkId: string,
  body: z.output<typeof linkBankAccountBody>,
): Promise<BankConnection> {
  const conn = await ownConnection(deps.db, user, connectionId)
  requireMfa(user)
  const row = await findLink(deps.db, conn.id, linkId)
  if (!row) throw notFound('Bank account')
  if (body.accountId !== null) {
    const scope = await memberScope(deps.db, user)
    writableAccount(scope, body.accountId)
    if (await linkedElsewhere(deps.db, user.householdId, body.accountId, row.id)) {
      throw invalidField('body.accountId', 'Another bank account already feeds this account', 'ACCOUNT_ALREADY_LINKED')
    }
    await setLinkAccount(deps.db, row.id, body.accountId)
  } else {
    await deps.db.transaction(async (tx) => {
      const id = await createKinwiseAccount(tx, conn, {
        name: body.name ?? row.name,
        type: body.type ?? typeFromName(row.name),
        currency: row.currency,
        mask: row.mask,
        ...(body.visibility !== undefined ? { visibility: body.visibility } : {}),
        ...(body.sharedWithTeens !== undefined ? { sharedWithTeens: body.sharedWithTeens } : {}),
      })
      await setLinkAccount(tx, row.id, id)
    })
    forgetScope(deps.db, user.householdId)
  }
  return dto(deps, await ownConnection(deps.db, user, conn.id))
}

const syncDeps = (deps: BankDeps, log?: SyncDeps['log']): SyncDeps => ({ ...deps, ...(log ? { log } : {}) })

export async function syncNow(deps: BankDeps, user: SessionUser, connectionId: string, now: Date, log?: SyncDeps['log']): Promise<SyncResult> {
  const conn = await ownConnection(deps.db, user, connectionId)
  requireMfa(user)
  return syncConnection(syncDeps(deps, log), conn.id, now)
}

/**
 * Disconnect: Plaid is told to forget the item (so it stops reading the bank), then the row goes
 * with its sealed secret and account links. A Plaid that cannot be reached does not keep the
 * member connected: our copy of the token is deleted either way, and the failure is logged.
 */
export async function remove(deps: BankDeps, user: SessionUser, connectionId: string, log?: SyncDeps['log']): Promise<void> {
  const conn = await ownConnection(deps.db, user, connectionId)
  await removeAtProviders({ ...deps, log }, [conn])
  await deleteConnection(deps.db, user.householdId, conn.id)
}

export async function linkToken(deps: BankDeps, user: SessionUser, connectionId: string | undefined) {
  requireMfa(user)
  requireSecretKey(deps)
  const client = deps.clients.plaid
  if (!client) throw conflict('Plaid is not set up on this server', 'PLAID_NOT_CONFIGURED')
  let accessToken: string | null = null
  if (connectionId !== undefined) {
    const conn = await ownConnection(deps.db, user, connectionId)
    if (conn.provider !== 'plaid') throw invalidField('body.connectionId', 'This connection is not a Plaid one')
    accessToken = openSecret(conn.accessSecret, deps.config.secretKey)
  }
  const webhook = deps.config.publicUrl ? `${deps.config.publicUrl.replace(/\/+$/, '')}/api/bank-connections/plaid/webhook` : null
  try {
    return await client.linkToken(user.id, webhook, accessToken)
  } catch (error) {
    if (error instanceof BankProviderError) throw providerError(error)
    throw error
  }
}

type WebhookBody = {
  webhook_type?: unknown
  webhook_code?: unknown
  item_id?: unknown
  error?: { error_code?: unknown } | null
  consent_expiration_time?: unknown
}

/**
 * Plaid's webhook: verified (ES256 JWT, the body's SHA-256, at most 5 minutes old) or 400
 * BAD_SIGNATURE. New transactions sync the item's connection now; a login the bank asks for
 * again marks it login_required; the consent's end is recorded.
 */
export async function plaidWebhook(deps: BankDeps, body: Buffer, header: string | undefined, now: Date, log?: SyncDeps['log']): Promise<void> {
  const client = deps.clients.plaid
  if (!client) throw notFound('Plaid webhook')
  const check = await verifyPlaidWebhook(client, body, header, now)
  if (!check.ok) {
    log?.warn({ reason: check.reason }, 'plaid webhook refused')
    throw new AppError(400, 'BAD_SIGNATURE', 'The webhook could not be verified')
  }
  let event: WebhookBody
  try {
    event = JSON.parse(body.toString('utf8')) as WebhookBody
  } catch {
    throw new AppError(400, 'BAD_REQUEST', 'The webhook body is not JSON')
  }
  if (typeof event.item_id !== 'string') return
  const conn = await connectionByItem(deps.db, event.item_id)
  if (!conn) return
  const type = String(event.webhook_type ?? '')
  const code = String(event.webhook_code ?? '')
  if (type === 'TRANSACTIONS' && ['SYNC_UPDATES_AVAILABLE', 'DEFAULT_UPDATE', 'INITIAL_UPDATE', 'HISTORICAL_UPDATE', 'TRANSACTIONS_REMOVED'].includes(code)) {
    if (conn.status === 'login_required') return
    await syncConnection(syncDeps(deps, log), conn.id, now)
    return
  }
  if (type === 'ITEM') {
    const errorCode = event.error?.error_code
    if ((code === 'ERROR' && errorCode === 'ITEM_LOGIN_REQUIRED') || code === 'PENDING_DISCONNECT') {
      await updateConnection(deps.db, conn.id, {
        status: 'login_required',
        lastError: plainWords(new BankProviderError('login_required', '')),
        updatedAt: now,
      })
    } else if (code === 'PENDING_EXPIRATION' && typeof event.consent_expiration_time === 'string') {
      const when = new Date(event.consent_expiration_time)
      if (!Number.isNaN(when.getTime())) {
        await updateConnection(deps.db, conn.id, { consentExpiresAt: when, updatedAt: now })
      }
    } else if (code === 'USER_PERMISSION_REVOKED' || code === 'USER_ACCOUNT_REVOKED') {
      await updateConnection(deps.db, conn.id, { status: 'error', lastError: plainWords(new BankProviderError('revoked', '')), updatedAt: now })
    }
  }
}

// For other modules: they reach this module's data here, never through repo.ts.
export { deleteConnectionsOf, dueConnections, type DroppedConnection } from './repo'
