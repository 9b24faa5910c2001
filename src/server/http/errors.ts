// Errors a service throws on purpose, each with its HTTP status and a stable code; the error
// handler turns them (and validation and database errors) into { message, code, issues? }.
import type { StatementFormat } from '#src/domain/import/types'
import type { SubscriptionTier } from '#src/domain/tiers'
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** extra fields of the JSON error (e.g. the plan of PLAN_REQUIRED) */
    readonly details: { plan?: SubscriptionTier; issues?: { path: string; message: string }[]; format?: StatementFormat } = {},
  ) {
    super(message)
    this.name = 'AppError'
  }
}

/** 429 saying when to try again: the error handler sends `retryAfterSeconds` as Retry-After. */
export class TooManyAttemptsError extends AppError {
  constructor(
    code: string,
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, code, message)
    this.name = 'TooManyAttemptsError'
  }
}

export const unauthorized = (message = 'Unauthorized', code = 'UNAUTHORIZED') =>
  new AppError(401, code, message)
export const forbidden = (message: string, code = 'FORBIDDEN') => new AppError(403, code, message)
/** 403 PLAN_REQUIRED: the household's plan does not include the feature; names the plan that does. */
export const planRequired = (plan: SubscriptionTier, what: string) =>
  new AppError(403, 'PLAN_REQUIRED', `${what} is part of the ${plan === 'basic' ? 'Basic and Premium plans' : 'Premium plan'}`, { plan })
export const notFound = (what: string) => new AppError(404, 'NOT_FOUND', `${what} not found`)
export const conflict = (message: string, code = 'CONFLICT') => new AppError(409, code, message)
export const badRequest = (message: string, code = 'BAD_REQUEST', details: AppError['details'] = {}) => new AppError(400, code, message, details)
/** 400 naming one field (`body.goalId`, `querystring.from`), in the shape of the contract's validation errors. */
export const invalidField = (path: string, message: string, code = 'VALIDATION_ERROR') =>
  new AppError(400, code, `Invalid ${path}: ${message}`, { issues: [{ path, message }] })
export const tooLarge = (message: string) => new AppError(413, 'PAYLOAD_TOO_LARGE', message)
