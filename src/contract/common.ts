// Schemas shared by every endpoint: money on the wire, dates, ids, errors, pagination.
import { z } from 'zod'
import { isValidDecimalAmount, toCents, fromCents, type Cents } from '../domain/money'
import { isIsoDate } from '../domain/dates'

const MAX_AMOUNT = 1_000_000_000_000 // a trillion: far above any household's figures

const decimalAmount = z
  .number({ error: 'Must be a number' })
  .refine(isValidDecimalAmount, 'Must have at most 2 decimals')
  .refine((n) => Math.abs(n) < MAX_AMOUNT, 'Is too large')

/**
 * Money: a decimal number with at most 2 decimals on the wire (12.34), integer cents inside
 * (1234). Parsing decodes to Cents; serialising (z.encode, and the server's responses) encodes
 * back. The one conversion point between the API's amounts and the domain's cents.
 */
const cents = z
  .custom<Cents>((v) => Number.isSafeInteger(v))
  // how responses are documented in OpenAPI: the wire carries the decimal form
  .meta({ type: 'number', description: 'Amount with at most 2 decimals; negative = money out' })

export const money = z.codec(decimalAmount, cents, {
  decode: (amount) => toCents(amount),
  encode: (value) => fromCents(value),
})

export const positiveMoney = money.refine((v) => v > 0, 'Must be more than 0')
export const nonNegativeMoney = money.refine((v) => v >= 0, 'Must not be negative')

/** A calendar date, YYYY-MM-DD. (No transforms in schemas used for responses: the server
 *  encodes responses, and a one-way transform cannot be encoded.) */
export const isoDate = z.string().refine(isIsoDate, 'Must be a date written YYYY-MM-DD')

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
  plan: z.enum(['free', 'basic', 'premium']).optional(),
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

