import { describe, expect, it } from 'vitest'
import { isIpAddress, passkeyErrorMessage } from './webauthn'

describe('isIpAddress', () => {
  it('tells addresses from names', () => {
    expect(isIpAddress('127.0.0.1')).toBe(true)
    expect(isIpAddress('192.168.1.20')).toBe(true)
    expect(isIpAddress('[::1]')).toBe(true)
    expect(isIpAddress('::1')).toBe(true)
    expect(isIpAddress('localhost')).toBe(false)
    expect(isIpAddress('kinwise.example.com')).toBe(false)
    expect(isIpAddress('1password.example')).toBe(false)
  })
})

describe('passkeyErrorMessage', () => {
  const named = (name: string, code?: string) =>
    Object.assign(new Error('raw browser text'), { name }, code === undefined ? {} : { code })

  it('says a cancelled or timed-out prompt plainly', () => {
    expect(passkeyErrorMessage(named('NotAllowedError'))).toMatch(/cancelled or timed out/)
  })
  it('names a device that already has a passkey', () => {
    expect(
      passkeyErrorMessage(named('InvalidStateError', 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED')),
    ).toBe('This device already has a passkey for your account.')
  })
  it('explains an address passkeys cannot use', () => {
    expect(passkeyErrorMessage(named('SecurityError', 'ERROR_INVALID_DOMAIN'))).toMatch(/HTTPS/)
  })
  it('passes the server’s own message through', () => {
    expect(passkeyErrorMessage(new Error('400: {"message":"The passkey did not verify"}'))).toBe(
      'The passkey did not verify',
    )
  })
})
