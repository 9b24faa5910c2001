// Personal API tokens (ADR 0033): making, listing and revoking them, and finding the
// member a request's `Authorization: Bearer` token stands for. Only the token's SHA-256 and its
// first characters are stored; the token itself is answered once, when it is made.
import { randomBytes } from 'node:crypto'
import type { FastifyRequest } from 'fastify'
import { TOKEN_PREFIX, type ApiToken, type ApiTokenBody } from '#src/contract/api-tokens'
import type { Db } from '#src/server/db/connect'
import { notFound } from '#src/server/http/errors'
import { recordAudit } from '#src/server/core/audit'
import { hashToken, toSessionUser, type SessionUser } from '#src/server/core/sessions'
import * as repo from './repo'
import type { TokenRow } from './repo'

const DAY_MS = 86_400_000
/** last_used_at is written at most this often, so a busy script does not write on every call */
const TOUCH_EVERY_MS = 60_000
/** how much of the token the list shows: "kw_" and 8 characters, 48 bits: never enough to guess it */
const SHOWN_CHARS = TOKEN_PREFIX.length + 8

function toDto(row: TokenRow, now: Date): ApiToken {
  return {
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    access: row.readOnly ? 'read' : 'write',
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
    lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
    expired: row.expiresAt.getTime() <= now.getTime(),
  }
}

export async function listTokens(db: Db, user: SessionUser, now: Date): Promise<ApiToken[]> {
  const rows = await repo.listTokenRows(db, user.id)
  return rows.map((r) => toDto(r, now))
}

export async function createToken(
  db: Db,
  user: SessionUser,
  body: ApiTokenBody,
  now: Date,
  req: FastifyRequest,
): Promise<ApiToken & { token: string }> {
  // 256 random bits: a plain SHA-256 is enough to keep it (nothing to guess, unlike a password)
  const token = `${TOKEN_PREFIX}${randomBytes(32).toString('base64url')}`
  const row = await db.transaction(async (tx) => {
    const inserted = await repo.insertToken(tx, {
      userId: user.id,
      name: body.name,
      tokenHash: hashToken(token),
      prefix: token.slice(0, SHOWN_CHARS),
      readOnly: body.access === 'read',
      createdAt: now,
      expiresAt: new Date(now.getTime() + body.expiresInDays * DAY_MS),
    })
    if (!inserted) throw new Error('token not stored')
    await recordAudit(tx, {
      event: 'api_token_created',
      userId: user.id,
      detail: { name: body.name, prefix: inserted.prefix, access: body.access, days: body.expiresInDays },
      req,
      at: now,
    })
    return inserted
  })
  return { ...toDto(row, now), token }
}

export async function revokeToken(db: Db, user: SessionUser, id: string, now: Date, req: FastifyRequest): Promise<void> {
  await db.transaction(async (tx) => {
    const gone = await repo.deleteToken(tx, user.id, id)
    if (!gone) throw notFound('Token')
    await recordAudit(tx, { event: 'api_token_revoked', userId: user.id, detail: { name: gone.name, prefix: gone.prefix }, req, at: now })
  })
}

export type TokenLookup =
  | { status: 'valid'; tokenId: string; readOnly: boolean; user: SessionUser }
  | { status: 'expired' }
  | { status: 'none' }

const utcDay = (d: Date) => d.toISOString().slice(0, 10)

/**
 * The member a bearer token stands for, as it stands now (role, plan, household), or why not.
 * Its use is audited once per token per UTC day (the first request of the day), and
 * last_used_at is kept to the minute: enough to answer "is this token still used, and from
 * where" without a row per request.
 */
export async function findToken(db: Db, token: string, now: Date, req: FastifyRequest): Promise<TokenLookup> {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return { status: 'none' }
  const row = await repo.findTokenWithMember(db, hashToken(token))
  if (!row) return { status: 'none' }
  if (row.token.expiresAt.getTime() <= now.getTime()) return { status: 'expired' }
  const last = row.token.lastUsedAt
  if (!last || now.getTime() - last.getTime() > TOUCH_EVERY_MS) {
    // compare-and-set: of two concurrent first requests of a day, one writes and audits
    const touched = await repo.touchToken(db, row.token.id, last, now)
    if (touched && (!last || utcDay(last) !== utcDay(now))) {
      await recordAudit(db, {
        event: 'api_token_used',
        userId: row.user.id,
        detail: { name: row.token.name, prefix: row.token.prefix, access: row.token.readOnly ? 'read' : 'write' },
        req,
        at: now,
      })
    }
  }
  return { status: 'valid', tokenId: row.token.id, readOnly: row.token.readOnly, user: toSessionUser(row, now) }
}

/** Tokens past their expiry for more than 30 days go (run with the daily security purge). */
export async function purgeExpiredTokens(db: Db, now: Date): Promise<number> {
  return repo.deleteTokensExpiredBefore(db, new Date(now.getTime() - 30 * DAY_MS))
}
