import { describe, expect, it } from 'vitest'
import { AppError } from '#src/server/http/errors'
import { requireMfa } from './require-mfa'

describe('requireMfa', () => {
  it('lets a member with MFA on through', () => {
    expect(() => requireMfa({ mfaEnabled: true })).not.toThrow()
  })
  it('refuses a member without it: 403 MFA_REQUIRED', () => {
    let caught: unknown
    try {
      requireMfa({ mfaEnabled: false })
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(AppError)
    expect(caught).toMatchObject({ statusCode: 403, code: 'MFA_REQUIRED' })
  })
})
