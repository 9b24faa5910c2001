import { describe, expect, it } from 'vitest'
import { isSealed, openSecret, sealSecret } from './secret-box'

const KEY = 'a'.repeat(64)
const OTHER = 'b'.repeat(64)

describe('secret box', () => {
  it('seals with the key and opens only with the same key', () => {
    const sealed = sealSecret('JBSWY3DPEHPK3PXP', KEY)
    expect(isSealed(sealed)).toBe(true)
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP')
    expect(openSecret(sealed, KEY)).toBe('JBSWY3DPEHPK3PXP')
    expect(() => openSecret(sealed, OTHER)).toThrow()
    expect(() => openSecret(sealed, null)).toThrow(/KINWISE_SECRET_KEY/)
  })

  it('uses a new nonce every time, and a changed byte is refused', () => {
    const a = sealSecret('same', KEY)
    const b = sealSecret('same', KEY)
    expect(a).not.toBe(b)
    const [nonce, tag, body] = a.slice(3).split('.')
    const flipped = Buffer.from(body ?? '', 'base64url')
    flipped[0] = (flipped[0] ?? 0) ^ 1
    expect(() => openSecret(`v1.${nonce}.${tag}.${flipped.toString('base64url')}`, KEY)).toThrow()
  })

  it('keeps secrets as they are without a key, and reads those after a key is set', () => {
    expect(sealSecret('PLAIN', null)).toBe('PLAIN')
    expect(openSecret('PLAIN', null)).toBe('PLAIN')
    expect(openSecret('PLAIN', KEY)).toBe('PLAIN')
  })
})
