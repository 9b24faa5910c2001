import { describe, expect, it } from 'vitest'
import { securityHeaders } from './security'

describe('securityHeaders', () => {
  it('works out helmet’s headers once, HSTS only when asked', () => {
    const https = securityHeaders({
      contentSecurityPolicy: { useDefaults: false, directives: { defaultSrc: ["'self'"], frameAncestors: ["'none'"] } },
      strictTransportSecurity: { maxAge: 15_552_000, includeSubDomains: false },
    })
    expect(https['content-security-policy']).toBe("default-src 'self';frame-ancestors 'none'")
    expect(https['strict-transport-security']).toBe('max-age=15552000')
    expect(https['x-content-type-options']).toBe('nosniff')
    const http = securityHeaders({ strictTransportSecurity: false, contentSecurityPolicy: false })
    expect(http['strict-transport-security']).toBeUndefined()
    expect(http['content-security-policy']).toBeUndefined()
    expect(http['referrer-policy']).toBe('no-referrer')
  })
})
