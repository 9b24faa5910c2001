// Schemas shared by every endpoint: money on the wire, dates, ids, errors, pagination.
import { z } from 'zod'
import { isValidDecimalAmount, toCents, fromCents, type Cents } from '../domain/money'
import { isIsoDate, type IsoDate } from '../domain/dates'
import { SUBSCRIPTION_TIERS } from '../domain/tiers'
import { STATEMENT_FORMATS } from '../domain/import/types'

/**
 * The largest amount, balance, budget, goal or bill the API takes: below ten billion. Far above
 * any household's figures, and small enough that sums of millions of them stay exact integers of
 * cents (Number.MAX_SAFE_INTEGER is 90 trillion in cents) and inside PostgreSQL's bigint.
 */
export const MAX_AMOUNT = 10_000_000_000

/**
 * Money: a decimal number with at most 2 decimals on the wire (12.34), integer cents inside
 * (1234). Parsing decodes to Cents; serialising (z.encode, and the server's responses) encodes
 * back. The one conversion point between the API's amounts and the domain's cents.
 * The bounds are checked when decoding (what comes in); an answer's totals may be larger than
 * any one amount, and encode whatever whole number of cents they are.
 */
const cents = z
  .custom<Cents>((v) => typeof v === 'number' && Number.isInteger(v))
  // how responses are documented in OpenAPI: the wire carries the decimal form
  .meta({ type: 'number', description: 'Amount with at most 2 decimals; negative = money out' })

export const money = z.codec(z.number({ error: 'Must be a number' }), cents, {
  decode: (amount, ctx) => {
    if (!isValidDecimalAmount(amount)) {
      ctx.issues.push({ code: 'custom', message: 'Must have at most 2 decimals', input: amount })
      return z.NEVER
    }
    if (Math.abs(amount) >= MAX_AMOUNT) {
      ctx.issues.push({ code: 'custom', message: 'Must be less than 10,000,000,000', input: amount })
      return z.NEVER
    }
    return toCents(amount)
  },
  encode: (value) => fromCents(value),
})

export const positiveMoney = money.refine((v) => v > 0, 'Must be more than 0')
export const nonNegativeMoney = money.refine((v) => v >= 0, 'Must not be negative')

/** Dates and months outside these years are typing mistakes (0000-01, 9999-12), never data. */
export const MIN_YEAR = 1900
export const MAX_YEAR = 2200
const yearInRange = (value: string): boolean => {
  const year = Number(value.slice(0, 4))
  return year >= MIN_YEAR && year <= MAX_YEAR
}

/** The first and last days the API takes and answers: those of the years 1900–2200. */
export const FIRST_DATE: IsoDate = `${MIN_YEAR}-01-01`
export const LAST_DATE: IsoDate = `${MAX_YEAR}-12-31`

/**
 * A date worked out from another (a default start a year before a `to`, a day before a range),
 * kept to the days the API speaks of, so an answer never holds a date its own schema refuses:
 * `to=1900-01-01` covers what there is from 1900-01-01, not from 1899.
 */
export function withinApiDates(date: IsoDate): IsoDate {
  return date < FIRST_DATE ? FIRST_DATE : date > LAST_DATE ? LAST_DATE : date
}

/** A calendar date, YYYY-MM-DD, in the years 1900–2200. (No transforms in schemas used for
 *  responses: the server encodes responses, and a one-way transform cannot be encoded.) */
export const isoDate = z
  .string()
  .refine(isIsoDate, 'Must be a date written YYYY-MM-DD')
  .refine(yearInRange, `Must be a date between ${MIN_YEAR} and ${MAX_YEAR}`)

/** A calendar month, YYYY-MM, in the years 1900–2200. */
export const isoMonth = z
  .string()
  .regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Must be a month written YYYY-MM')
  .refine(yearInRange, `Must be a month between ${MIN_YEAR} and ${MAX_YEAR}`)

export const id = z.uuid({ error: 'Must be an id (UUID)' })
export const idParams = z.object({ id })

export const currencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'Must be a 3-letter ISO 4217 code, like USD')

export const trimmed = (max: number, label = 'Text') =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)

export const requiredText = (max: number, label: string) =>
  trimmed(max, label).min(1, `${label} is required`)

/** Every error the API answers: 4xx with a message people can read and a stable code. */
export const apiError = z.object({
  message: z.string(),
  code: z.string(),
  issues: z.array(z.object({ path: z.string(), message: z.string() })).optional(),
  /** with code PLAN_REQUIRED: the plan that includes the feature */
  plan: z.enum(SUBSCRIPTION_TIERS).optional(),
  /** statement imports: the format of the file, when it was recognised (e.g. ACCOUNT_REQUIRED) */
  format: z.enum(STATEMENT_FORMATS).optional(),
})
export type ApiError = z.infer<typeof apiError>

export const okResponse = z.object({ ok: z.literal(true) })

/** Lists: keyset pagination; the next cursor comes back in the X-Next-Cursor header. */
export const NEXT_CURSOR_HEADER = 'x-next-cursor'
export const paginationQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(100),
  cursor: z.string().max(200).optional(),
})

export const booleanQuery = z
  .enum(['true', 'false'])
  .transform((v) => v === 'true')

