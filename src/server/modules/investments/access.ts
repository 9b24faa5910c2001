// Which investment accounts a member may use, and how a refused revaluation is answered: the
// pieces every investment use case shares.
//
// Privacy (ADR 0023): activities and holdings follow the rule of transactions: an account the
// member does not see whole (hidden or balance-only) is a 404, and lists leave it out.
import type { IsoDate } from '#src/domain/dates'
import { InvestmentError } from '#src/domain/investments/lots'
import type { DbOrTx } from '#src/server/db/connect'
import { AppError, invalidField, notFound } from '#src/server/http/errors'
import { fullAccount, memberScope, writableAccount, type MemberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { findAccountType, investmentAccountIds } from './repo'
import { revalueAccounts } from './revalue'

export type Member = Pick<SessionUser, 'id' | 'householdId' | 'role' | 'timeZone' | 'locale'>

const FIELD_OF: Record<string, string> = {
  oversell: 'quantity',
  bad_quantity: 'quantity',
  bad_price: 'price',
  bad_amount: 'amount',
  missing_amount: 'amount',
  missing_cost_basis: 'costBasis',
  bad_split_ratio: 'ratio',
  bad_date: 'date',
  bad_target: 'targets',
}

/**
 * Runs a revaluation after a write: the domain's refusal (an oversell, an impossible split)
 * becomes a 400 naming the field (or a 409 when the write was not the one that broke the history:
 * a deletion), and its transaction is rolled back by the throw.
 */
export async function revalueOrRefuse(
  tx: DbOrTx,
  householdId: string,
  accountIds: string[],
  today: IsoDate,
  status: 400 | 409 = 400,
  from?: IsoDate,
  locale = 'en-US',
): Promise<void> {
  try {
    await revalueAccounts(tx, householdId, accountIds, from === undefined ? { today } : { today, from })
  } catch (error) {
    throw refusal(error, status, locale)
  }
}

/** The domain's refusal as an answer, its day written as the reader (`locale`) writes dates. */
export function refusal(error: unknown, status: 400 | 409 = 400, locale = 'en-US'): unknown {
  if (error instanceof InvestmentError) {
    const field = FIELD_OF[error.code] ?? 'body'
    const message = error.messageIn(locale)
    if (status === 409) return new AppError(409, error.code.toUpperCase(), `This would leave the account's history impossible: ${message}`)
    return new AppError(400, error.code.toUpperCase(), `Invalid body.${field}: ${message}`, {
      issues: [{ path: `body.${field}`, message }],
    })
  }
  if (error instanceof RangeError) return new AppError(status, 'OUT_OF_RANGE', `The amounts are too large: ${error.message}`)
  return error
}

/** The household's investment accounts the member sees whole. */
export async function visibleInvestmentAccounts(db: DbOrTx, scope: MemberScope): Promise<string[]> {
  const ids = await investmentAccountIds(db, scope.householdId)
  return ids.filter((id) => scope.accounts.get(id)?.view === 'full')
}

/** One investment account the member sees whole (404 otherwise; 400 naming `path` when it is another type). */
export async function investmentAccountOf(db: DbOrTx, scope: MemberScope, id: string, path: string, write: boolean): Promise<{ id: string; currency: string }> {
  if (write) writableAccount(scope, id)
  else fullAccount(scope, id)
  const row = await findAccountType(db, scope.householdId, id)
  if (!row) throw notFound('Account')
  if (row.type !== 'investment') throw invalidField(path, 'Only investment accounts hold investments')
  return row
}

/** The accounts to read: one (checked) or every visible investment account. */
export async function accountsToRead(db: DbOrTx, user: Member, accountId: string | undefined): Promise<{ scope: MemberScope; ids: string[] }> {
  const scope = await memberScope(db, user)
  if (accountId !== undefined) {
    await investmentAccountOf(db, scope, accountId, 'query.accountId', false)
    return { scope, ids: [accountId] }
  }
  return { scope, ids: await visibleInvestmentAccounts(db, scope) }
}
