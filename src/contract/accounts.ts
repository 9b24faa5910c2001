// Accounts (docs/product.md §3 Account): balances are signed — what is owed on a card or loan is
// negative.
import { z } from 'zod'
import { MEMBER_READ, TEEN_WRITE, endpoint } from './endpoint'
import { ZERO } from '../domain/money'
import { ACCOUNT_VISIBILITIES } from '../domain/access'
import { ACCOUNT_TYPES } from '../domain/accounts'
import { currencyCode, id, idParams, isoDate, money, requiredText, trimmed } from './common'

export { ACCOUNT_TYPES }
export const accountType = z.enum(ACCOUNT_TYPES)
export type AccountType = z.infer<typeof accountType>

export const accountVisibility = z.enum(ACCOUNT_VISIBILITIES, {
  error: 'Visibility must be shared, private or balance_only',
})

export const account = z.object({
  id,
  name: z.string(),
  type: accountType,
  /** the member who owns it */
  ownerId: id,
  visibility: accountVisibility,
  /** teens see it (as its visibility allows) only when this is on */
  sharedWithTeens: z.boolean(),
  /** what the caller sees of it: full, or its name and balance only (no transactions) */
  view: z.enum(['full', 'balance']),
  balance: money,
  currency: z.string(),
  /**
   * the balance in the household's base currency at today's rate (the same as balance when the
   * account is in it); null when that rate is missing. Given by the list and GET of one account.
   */
  convertedBalance: money.nullable().optional(),
  /** only the last digits are ever kept */
  accountNumber: z.string().nullable(),
  institution: z.string().nullable(),
  isClosed: z.boolean(),
  createdAt: z.string(),
})
export type Account = z.output<typeof account>

/** Any account number typed in; only its last 4 letters or digits are stored. */
const accountNumberInput = trimmed(64, 'Account number')
  .regex(/^[A-Za-z0-9 \-•*.]*$/, 'Account number may contain letters, digits, spaces and dashes only')
  .nullable()

export const createAccountBody = z.object({
  name: requiredText(80, 'Name'),
  type: accountType,
  currency: currencyCode.optional(),
  /** the balance on openingDate: recorded as an opening-balance entry */
  openingBalance: money.default(ZERO),
  openingDate: isoDate.optional(),
  accountNumber: accountNumberInput.optional(),
  institution: trimmed(80, 'Institution').nullable().optional(),
  /** the member who owns it; the caller by default */
  ownerId: id.optional(),
  visibility: accountVisibility.default('shared'),
  sharedWithTeens: z.boolean().default(false),
})

export const updateAccountBody = z
  .object({
    name: requiredText(80, 'Name'),
    type: accountType,
    accountNumber: accountNumberInput,
    institution: trimmed(80, 'Institution').nullable(),
    isClosed: z.boolean(),
    ownerId: id,
    visibility: accountVisibility,
    sharedWithTeens: z.boolean(),
  })
  .partial()

export const reconcileBody = z.object({
  /** the balance the bank shows */
  statementBalance: money,
  date: isoDate.optional(),
})

export const listAccounts = endpoint({
  method: 'GET',
  path: '/api/accounts',
  summary: 'The accounts the member may see, with their current balance (balance-only ones without transactions)',
  tag: 'accounts',
  access: MEMBER_READ,
  response: z.array(account),
})

export const getAccount = endpoint({
  method: 'GET',
  path: '/api/accounts/:id',
  summary: 'One account',
  tag: 'accounts',
  access: MEMBER_READ,
  params: idParams,
  response: account,
})

export const createAccount = endpoint({
  method: 'POST',
  path: '/api/accounts',
  summary: 'Create an account (with its opening balance)',
  tag: 'accounts',
  access: TEEN_WRITE,
  body: createAccountBody,
  response: account,
  status: 201,
})

export const updateAccount = endpoint({
  method: 'PATCH',
  path: '/api/accounts/:id',
  summary: 'Rename, retype, close or reopen an account',
  tag: 'accounts',
  access: TEEN_WRITE,
  params: idParams,
  body: updateAccountBody,
  response: account,
})

export const deleteAccount = endpoint({
  method: 'DELETE',
  path: '/api/accounts/:id',
  summary: 'Delete an account and every transaction in it (the other side of its transfers stays)',
  tag: 'accounts',
  access: TEEN_WRITE,
  params: idParams,
  response: z.object({ deletedTransactions: z.number().int() }),
})

export const reconcileAccount = endpoint({
  method: 'POST',
  path: '/api/accounts/:id/reconcile',
  summary: "Match the bank's balance: records an adjustment for any difference",
  tag: 'accounts',
  access: TEEN_WRITE,
  params: idParams,
  body: reconcileBody,
  response: z.object({ account, difference: money, adjustmentId: id.nullable() }),
})
