// Turns every error into the API's JSON error shape with the right status. Bad input is a 4xx
// that names the field; anything unexpected is a 500 that says nothing of the internals.
import type { FastifyError, FastifyInstance } from 'fastify'
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod'
import type { ApiError } from '#src/contract/common'
import { AppError, TooManyAttemptsError } from '../http/errors'

// PostgreSQL error codes that can only come from input that slipped past validation
const PG_CLIENT_ERRORS: Record<string, { status: number; code: string; message: string }> = {
  '23505': { status: 409, code: 'CONFLICT', message: 'That already exists' },
  '23503': { status: 400, code: 'INVALID_REFERENCE', message: 'It refers to something that does not exist' },
  '23514': { status: 400, code: 'INVALID_VALUE', message: 'A value is out of the allowed range' },
  '22P02': { status: 400, code: 'INVALID_VALUE', message: 'A value has the wrong format' },
  '22003': { status: 400, code: 'INVALID_VALUE', message: 'A number is out of range' },
  '22007': { status: 400, code: 'INVALID_VALUE', message: 'A date has the wrong format' },
  '22008': { status: 400, code: 'INVALID_VALUE', message: 'A date is out of range' },
  '22001': { status: 400, code: 'INVALID_VALUE', message: 'A text is too long' },
  '22021': { status: 400, code: 'INVALID_VALUE', message: 'A text has a character that cannot be stored' },
  '22P05': { status: 400, code: 'INVALID_VALUE', message: 'A text has a character that cannot be stored' },
}

/**
 * The PostgreSQL error code of an error, wherever the driver and Drizzle put it: on the error
 * itself (pg, PGlite) or on a cause (Drizzle wraps a failed query in DrizzleQueryError, whose
 * cause is the driver's error).
 */
export function databaseCode(error: unknown): string | null {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current instanceof Error; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && code in PG_CLIENT_ERRORS) return code
    current = current.cause
  }
  return null
}

function fastifyCode(error: FastifyError): string {
  switch (error.statusCode) {
    case 413:
      return 'PAYLOAD_TOO_LARGE'
    case 415:
      return 'UNSUPPORTED_MEDIA_TYPE'
    case 429:
      return 'RATE_LIMITED'
    case 404:
      return 'NOT_FOUND'
    default:
      return 'BAD_REQUEST'
  }
}

export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      const where = error.validationContext ?? 'request'
      const issues = error.validation.map((v) => {
        const field = v.instancePath.replace(/^\//, '').replace(/\//g, '.')
        return { path: field ? `${where}.${field}` : where, message: v.message ?? 'Invalid value' }
      })
      const first = issues[0]
      const body: ApiError = {
        message: first ? `Invalid ${first.path}: ${first.message}` : 'Invalid request',
        code: 'VALIDATION_ERROR',
        issues,
      }
      return reply.code(400).send(body)
    }
    if (error instanceof AppError) {
      if (error instanceof TooManyAttemptsError) reply.header('retry-after', String(error.retryAfterSeconds))
      return reply.code(error.statusCode).send({ message: error.message, code: error.code, ...error.details } satisfies ApiError)
    }
    if (isResponseSerializationError(error)) {
      request.log.error({ err: error, issues: error.cause.issues }, 'response does not match its contract')
      return reply.code(500).send({ message: 'Internal Server Error', code: 'INTERNAL' } satisfies ApiError)
    }
    const pgCode = error.statusCode ? null : databaseCode(error)
    const mapped = pgCode ? PG_CLIENT_ERRORS[pgCode] : undefined
    if (mapped) {
      // not the error's detail: it quotes the value that was refused
      request.log.info({ pgCode }, 'database refused input')
      return reply.code(mapped.status).send({ message: mapped.message, code: mapped.code } satisfies ApiError)
    }
    const status = error.statusCode ?? 500
    if (status >= 400 && status < 500) {
      const message =
        status === 413
          ? 'The request is too large'
          : status === 429
            ? 'Too many requests: please wait a moment and try again'
            : error.message
      return reply.code(status).send({ message, code: fastifyCode(error) } satisfies ApiError)
    }
    request.log.error({ err: error }, 'unhandled error')
    return reply.code(500).send({ message: 'Internal Server Error', code: 'INTERNAL' } satisfies ApiError)
  })
}
