// Currencies: the household's base currency, the currencies its accounts and
// securities use, and the exchange rates that convert them. A rate says: on `date`, one
// `currency` is worth `rate` units of `quote` (the base currency unless said otherwise). A
// conversion uses the latest rate on or before its day, the pair with the base either way round,
// and never a rate made up through a third currency; with none, the figure is missing, never 1.
import { z } from 'zod'
import { MAX_RATE, MIN_RATE, RATE_SOURCES } from '../domain/currency'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { currencyCode, isoDate } from './common'
import { isKnownCurrency } from '../domain/locale'

/** Rates are plain numbers from a billionth to below a billion (domain/currency). */
export const rateValue = z
  .number({ error: 'Must be a number' })
  .refine((v) => Number.isFinite(v) && v > 0, 'Must be more than 0')
  .refine((v) => v >= MIN_RATE, 'Must be at least 0.000000001')
  .refine((v) => v < MAX_RATE, 'Must be less than 1,000,000,000')

export { RATE_SOURCES }

export const exchangeRate = z.object({
  currency: z.string(),
  quote: z.string(),
  date: isoDate,
  rate: z.number(),
  source: z.enum(RATE_SOURCES),
})
export type ExchangeRate = z.output<typeof exchangeRate>

export const currencyInUse = z.object({
  currency: z.string(),
  /** accounts in it that the member sees */
  accounts: z.number().int(),
  /** the household's securities quoted in it */
  securities: z.number().int(),
  /** one unit in the base currency today (latest rate on or before today); null = missing */
  rate: z.number().nullable(),
  /** the date of that rate */
  rateDate: isoDate.nullable(),
  /** used by an account or security and no rate to the base: its amounts are left out of totals */
  missing: z.boolean(),
})
export type CurrencyInUse = z.output<typeof currencyInUse>

export const currencies = z.object({
  baseCurrency: z.string(),
  /** today in the member's time zone: the day `rate` is for */
  today: isoDate,
  /** accounts in the base currency that the member sees */
  accountsInBase: z.number().int(),
  /** every currency other than the base that an account or security uses or that has rates */
  currencies: z.array(currencyInUse),
})
export type Currencies = z.output<typeof currencies>

export const setBaseBody = z.object({
  baseCurrency: currencyCode.refine(isKnownCurrency, 'Must be a currency code such as USD or EUR'),
  /**
   * also move the accounts in the old base currency to the new one, amounts unchanged: for a base
   * that was set wrong (they were always in the new currency). Otherwise they keep their
   * currency and need a rate.
   */
  moveAccounts: z.boolean().default(false),
})

export const putRateBody = z
  .object({
    currency: currencyCode,
    date: isoDate,
    rate: rateValue,
    /** the currency the rate is in; the base currency when left out */
    quote: currencyCode.optional(),
  })

export const ratesQuery = z.object({ currency: currencyCode.optional() })

export const deleteRateQuery = z.object({
  currency: currencyCode,
  date: isoDate,
  quote: currencyCode.optional(),
})

/** The most lines one import takes (20 years of daily rates for 13 currencies). */
export const MAX_RATE_LINES = 100_000
export const importRatesBody = z.object({
  /** lines of date,currency,rate[,quote]; a header line and blank lines are skipped */
  csv: z.string().min(1, 'The CSV is empty').max(5_000_000, 'The CSV must be at most 5 MB'),
})

export const importRatesResult = z.object({
  imported: z.number().int(),
  currencies: z.array(z.string()),
})

export const getCurrencies = endpoint({
  method: 'GET',
  path: '/api/currencies',
  summary: 'The base currency, the currencies in use and the latest rate of each (missing ones flagged)',
  tag: 'currencies',
  access: MEMBER_READ,
  response: currencies,
})

export const setBaseCurrency = endpoint({
  method: 'PUT',
  path: '/api/currencies/base',
  summary: "Change the household's base currency (net worth and reports are in it)",
  tag: 'currencies',
  access: ADULT_WRITE,
  body: setBaseBody,
  response: currencies,
})

export const listRates = endpoint({
  method: 'GET',
  path: '/api/currencies/rates',
  summary: 'Exchange rates, newest first (of one currency, either side of the pair, when asked)',
  tag: 'currencies',
  access: MEMBER_READ,
  query: ratesQuery,
  response: z.array(exchangeRate),
})

export const putRate = endpoint({
  method: 'PUT',
  path: '/api/currencies/rates',
  summary: 'Enter or replace the rate of a currency on a day',
  tag: 'currencies',
  access: ADULT_WRITE,
  body: putRateBody,
  response: exchangeRate,
})

export const deleteRate = endpoint({
  method: 'DELETE',
  path: '/api/currencies/rates',
  summary: 'Delete the rate of a currency on a day',
  tag: 'currencies',
  access: ADULT_WRITE,
  query: deleteRateQuery,
  response: null,
  status: 204,
})

export const importRates = endpoint({
  method: 'POST',
  path: '/api/currencies/rates/import',
  summary: 'Import rates from CSV lines date,currency,rate[,quote] (all or nothing; 400 names the line)',
  tag: 'currencies',
  access: ADULT_WRITE,
  body: importRatesBody,
  response: importRatesResult,
})
