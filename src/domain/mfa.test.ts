import { describe, expect, it } from 'vitest'
import { classifyCode, formatRecoveryCode, normalizeRecoveryCode, recoveryCharsFromBytes, totpStep, RECOVERY_ALPHABET } from './mfa'

describe('recovery codes', () => {
  it('are shown as xxxx-xxxx-xx and read back however they are typed', () => {
    expect(formatRecoveryCode('abcdefghjk')).toBe('abcd-efgh-jk')
    expect(normalizeRecoveryCode(' ABCD-efgh jk ')).toBe('abcdefghjk')
    expect(() => formatRecoveryCode('abc')).toThrow()
  })

  it('take characters from bytes without bias: bytes past the last full alphabet round are skipped', () => {
    // 31 letters: 256 - 256 % 31 = 248, so 248..255 are skipped; 0 → a, 31 → a, 30 → 9
    const bytes = Uint8Array.from([0, 248, 31, 30, 255, 1, 2, 3, 4, 5, 6, 7, 8])
    expect(recoveryCharsFromBytes(bytes)).toBe(`aa9bcdefgh`)
    expect(RECOVERY_ALPHABET).toHaveLength(31)
    expect(RECOVERY_ALPHABET).not.toMatch(/[01ilo]/)
    // not enough usable bytes
    expect(recoveryCharsFromBytes(Uint8Array.from([250, 251, 0]))).toBeNull()
  })
})

describe('codes typed where a TOTP or a recovery code may go', () => {
  it('six digits are a TOTP code, anything else a recovery code', () => {
    expect(classifyCode('123 456')).toEqual({ kind: 'totp', code: '123456' })
    expect(classifyCode('ABCD-EFGH-JK')).toEqual({ kind: 'recovery', code: 'abcdefghjk' })
    expect(classifyCode('12345')).toEqual({ kind: 'recovery', code: '12345' })
  })
})

describe('TOTP steps', () => {
  it('counts 30-second steps from the Unix epoch (RFC 6238 test time 59 s → step 1)', () => {
    expect(totpStep(59_000)).toBe(1)
    expect(totpStep(1_111_111_109_000)).toBe(37_037_036)
    expect(totpStep(Date.UTC(2026, 2, 15, 12, 0, 0))).toBe(Math.floor(Date.UTC(2026, 2, 15, 12) / 30_000))
  })
})
