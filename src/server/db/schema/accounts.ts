// Accounts: where a household's money is kept. Transactions, bills, goals, investments and bank
// connections point at them.
import { sql } from 'drizzle-orm'
import { boolean, check, index, pgTable, text, uniqueIndex } from 'drizzle-orm/pg-core'
import { ACCOUNT_VISIBILITIES } from '#src/domain/access'
import { ACCOUNT_TYPES } from '#src/domain/accounts'
import { COST_METHODS } from '#src/domain/investments/lots'
import { cents, oneOf, timestamps } from './columns'
import { userRef } from './users-and-auth'
import { householdOwned } from './households'

export const accounts = pgTable(
  'accounts',
  {
    ...householdOwned(),
    /** the account's owner (ownerId in the API) */
    userId: userRef(),
    name: text().notNull(),
    type: text().notNull(),
    /** shared (the household sees it) | private (its owner only) | balance_only (name and balance) */
    visibility: text().notNull().default('shared'),
    /** teens see shared and balance-only accounts only when this is on (their own always) */
    sharedWithTeens: boolean().notNull().default(false),
    currency: text().notNull().default('USD'),
    balance: cents().notNull().default(0),
    accountNumber: text(),
    institution: text(),
    isClosed: boolean().notNull().default(false),
    // identity of the account inside bank files (OFX BANKID:ACCTID, IBAN), for imports
    externalKey: text(),
    /** investment accounts: how sold shares' cost is taken, fifo (default) or average */
    costMethod: text().notNull().default('fifo'),
    /**
     * investment accounts: the part of `balance` that the investment activities make (their
     * cash effect plus the holdings at the latest prices). `balance` = the ledger's transactions +
     * this, so every sum of balances (net worth, dashboard, mood) includes the holdings; a
     * revaluation moves both by the same difference (ADR 0027)
     */
    investmentValue: cents().notNull().default(0),
    ...timestamps(),
  },
  (t) => [
    index('accounts_household_idx').on(t.householdId),
    check('accounts_cost_method_check', oneOf(t.costMethod, COST_METHODS)),
    uniqueIndex('accounts_external_key_idx').on(t.householdId, t.externalKey),
    check('accounts_type_check', oneOf(t.type, ACCOUNT_TYPES)),
    check('accounts_visibility_check', oneOf(t.visibility, ACCOUNT_VISIBILITIES)),
    check('accounts_number_check', sql`${t.accountNumber} is null or length(${t.accountNumber}) <= 4`),
  ],
)
