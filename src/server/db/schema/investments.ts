// Investments (ADR 0027): securities, the activities of investment accounts, prices, the target
// allocation, the stored valuations (ADR 0034), and the household's exchange rates.
import { sql } from 'drizzle-orm'
import {
  bigint,
  check,
  date,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { RATE_SOURCES } from '#src/domain/currency'
import { ASSET_KINDS } from '#src/domain/investments/allocation'
import { ACTIVITY_SOURCES, ACTIVITY_TYPES, PRICE_SOURCES, type Portfolio } from '#src/domain/investments/lots'
import { cents, createdAt, oneOf, timestamps, updatedAt } from './columns'
import { householdOwned, householdRef } from './households'
import { accounts } from './accounts'

/** A security the household holds or held: its symbol is unique in the household. */
export const securities = pgTable(
  'securities',
  {
    ...householdOwned(),
    /** upper case, as typed or read from a statement (ticker, or CUSIP/ISIN when there is none) */
    symbol: text().notNull(),
    name: text().notNull().default(''),
    kind: text().notNull().default('stock'),
    /** the currency its prices are quoted in */
    currency: text().notNull().default('USD'),
    ...timestamps(),
  },
  (t) => [
    uniqueIndex('securities_symbol_idx').on(t.householdId, t.symbol),
    check('securities_kind_check', oneOf(t.kind, ASSET_KINDS)),
  ],
)

/**
 * Activities of an investment account. quantity is whole 1e-8 shares, price whole 1e-8 of the
 * currency unit per share (domain/investments/lots), amount and fees cents in the account's
 * currency; ratio is a split's new shares per old share.
 */
export const investmentActivities = pgTable(
  'investment_activities',
  {
    ...householdOwned(),
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    /** null for cash-only activities (interest, a fee, cash in or out) */
    securityId: uuid().references(() => securities.id, { onDelete: 'restrict' }),
    userId: uuid().notNull(),
    type: text().notNull(),
    date: date().notNull(),
    quantity: bigint({ mode: 'number' }),
    price: bigint({ mode: 'number' }),
    amount: cents(),
    fees: cents().notNull().default(0),
    ratio: doublePrecision(),
    /** transfers in: the basis the shares bring */
    costBasis: cents(),
    memo: text().notNull().default(''),
    source: text().notNull().default('manual'),
    /** the statement's id of the activity (OFX FITID): a re-import skips it */
    externalId: text(),
    importBatchId: uuid(),
    createdAt: createdAt(),
  },
  (t) => [
    index('investment_activities_account_idx').on(t.accountId, t.date),
    index('investment_activities_security_idx').on(t.securityId),
    uniqueIndex('investment_activities_external_idx').on(t.accountId, t.externalId).where(sql`${t.externalId} is not null`),
    check('investment_activities_type_check', oneOf(t.type, ACTIVITY_TYPES)),
    check('investment_activities_source_check', oneOf(t.source, ACTIVITY_SOURCES)),
  ],
)

/** One price a day per security (1e-8 of its currency per share). */
export const securityPrices = pgTable(
  'security_prices',
  {
    securityId: uuid()
      .notNull()
      .references(() => securities.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    date: date().notNull(),
    price: bigint({ mode: 'number' }).notNull(),
    /** manual | csv | statement | provider */
    source: text().notNull().default('manual'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.securityId, t.date] }),
    check('security_prices_source_check', oneOf(t.source, PRICE_SOURCES)),
    check('security_prices_price_check', sql`${t.price} >= 0`),
  ],
)

/** The household's target allocation by asset kind, in whole percent summing to 100. */
export const allocationTargets = pgTable(
  'allocation_targets',
  {
    householdId: householdRef(),
    kind: text().notNull(),
    percent: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.kind] }),
    check('allocation_targets_percent_check', sql`${t.percent} between 0 and 100`),
  ],
)

/**
 * Each investment account's value (cash from its activities plus holdings at that day's prices)
 * at each month's end, written by a revaluation: the net-worth report's history reads these.
 * Null when a holding had no known price then.
 */
export const investmentMonthValues = pgTable(
  'investment_month_values',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    /** the first of the month */
    month: date().notNull(),
    value: cents(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.month] }), index('investment_month_values_household_idx').on(t.householdId, t.month)],
)

export type StoredSecurity = { id: string; lastTrade: { date: string; price: number } | null }

/**
 * Each investment account's positions after every one of its activities (ADR 0034): the domain's
 * portfolio (lots, cash, realised gain, income, fees) and the last price each security's trades
 * gave, kept by every revaluation so that holdings, the balance and allocation read them instead
 * of replaying the activities. No row: the account was never revalued since this table came, and
 * readers replay its activities.
 */
export const investmentPositions = pgTable('investment_positions', {
  accountId: uuid()
    .primaryKey()
    .references(() => accounts.id, { onDelete: 'cascade' }),
  householdId: householdRef(),
  portfolio: jsonb().$type<Portfolio>().notNull(),
  /** every security the activities name, with the last price its trades (or transfers) gave, in its own currency */
  securities: jsonb().$type<StoredSecurity[]>().notNull().default([]),
  updatedAt: updatedAt(),
})

/**
 * Each investment account's daily valuation from its activities alone (ADR 0034), stored only on
 * the days it changes: the cash the activities made, the holdings at that day's prices (null when
 * one has no price), the money moved in or out by the activities that day, and the symbols with no
 * price. A day without a row is the last row before it with no flow; after the last row nothing
 * changes. A revaluation rewrites it from the first day a write touched; performance and the
 * valuation history add the ledger's transactions to it instead of replaying the activities.
 */
export const investmentDayValues = pgTable(
  'investment_day_values',
  {
    accountId: uuid()
      .notNull()
      .references(() => accounts.id, { onDelete: 'cascade' }),
    householdId: householdRef(),
    date: date().notNull(),
    cash: cents().notNull(),
    marketValue: cents(),
    flow: cents(),
    missing: text().array().notNull().default(sql`'{}'::text[]`),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.date] })],
)

/**
 * Exchange rates a household keeps: on `date`, one unit of `currency` is worth `rate` units of
 * `quote` (the base currency when it was entered). A conversion on a day uses the latest rate
 * on or before it; with none, the amount is shown as missing, never at 1.
 */
export const exchangeRates = pgTable(
  'exchange_rates',
  {
    householdId: householdRef(),
    currency: text().notNull(),
    quote: text().notNull(),
    date: date().notNull(),
    rate: doublePrecision().notNull(),
    /** manual | csv | provider */
    source: text().notNull().default('manual'),
    updatedAt: updatedAt(),
  },
  (t) => [
    primaryKey({ columns: [t.householdId, t.currency, t.quote, t.date] }),
    check('exchange_rates_rate_check', sql`${t.rate} > 0`),
    check('exchange_rates_source_check', oneOf(t.source, RATE_SOURCES)),
  ],
)
