// Credit score entries (docs/product.md §3 Credit score: score, provider, date; range 300–850).
import { z } from 'zod'
import { CREDIT_SCORE_MAX, CREDIT_SCORE_MIN } from '../domain/credit-score'
import { PERSONAL, endpoint } from './endpoint'
import { isIsoDate } from '../domain/dates'
import { MAX_YEAR, MIN_YEAR, id, idParams, isoDate, trimmed } from './common'

export const creditScore = z.object({
  id,
  score: z.number().int(),
  provider: z.string(),
  date: isoDate,
})
export type CreditScore = z.output<typeof creditScore>

export const createCreditScoreBody = z.object({
  score: z
    .number({ error: 'Score must be a number' })
    .int('Score must be a whole number')
    .min(CREDIT_SCORE_MIN, 'Please enter a valid credit score between 300 and 850.')
    .max(CREDIT_SCORE_MAX, 'Please enter a valid credit score between 300 and 850.'),
  provider: trimmed(80, 'Provider').default(''),
  /** ISO date; a full ISO timestamp is accepted too and its date kept (no transform here, so
   *  the web client can encode the body with this schema) */
  date: z
    .string()
    .max(40)
    .refine((v) => isIsoDate(v.slice(0, 10)) && (v.length === 10 || !Number.isNaN(Date.parse(v))), 'Must be an ISO date')
    // the day kept must be one the answers may carry (a 0001-01-01 was stored, then every read of
    // the history answered 500)
    .refine((v) => isoDate.safeParse(v.slice(0, 10)).success, `Must be a date between ${MIN_YEAR} and ${MAX_YEAR}`),
})

export const getCreditScore = endpoint({
  method: 'GET',
  path: '/api/credit-score',
  summary: 'The latest credit score, or null',
  tag: 'credit-score',
  access: PERSONAL,
  response: creditScore.nullable(),
})

export const creditScoreHistory = endpoint({
  method: 'GET',
  path: '/api/credit-score/history',
  summary: 'Every credit score entry, oldest first',
  tag: 'credit-score',
  access: PERSONAL,
  response: z.array(creditScore),
})

export const addCreditScore = endpoint({
  method: 'POST',
  path: '/api/credit-score',
  summary: 'Record a credit score (300–850)',
  tag: 'credit-score',
  access: PERSONAL,
  body: createCreditScoreBody,
  response: creditScore,
  status: 201,
})

export const deleteCreditScore = endpoint({
  method: 'DELETE',
  path: '/api/credit-score/:id',
  summary: 'Delete a credit score entry',
  tag: 'credit-score',
  access: PERSONAL,
  params: idParams,
  response: null,
})
