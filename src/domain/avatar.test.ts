import { describe, expect, it } from 'vitest'
import { AVATAR_MAX_BYTES, avatarFileProblem, avatarInitial, avatarKind, displayName } from './avatar'

describe('avatarInitial', () => {
  it('is null when there is a profile image to show', () => {
    expect(
      avatarInitial({
        profileImageUrl: 'https://example.com/me.png',
        firstName: 'ada',
        email: 'a@b.c',
      }),
    ).toBeNull()
  })

  it('is the first letter of the first name, upper-cased', () => {
    expect(
      avatarInitial({ profileImageUrl: null, firstName: 'ada', email: 'zed@example.com' }),
    ).toBe('A')
    expect(avatarInitial({ profileImageUrl: '', firstName: '  élodie', email: null })).toBe('É')
    expect(avatarInitial({ firstName: '𝒜lex' })).toBe('𝒜')
  })

  it('falls back to the e-mail, then U', () => {
    expect(avatarInitial({ profileImageUrl: '  ', firstName: '', email: 'zed@example.com' })).toBe(
      'Z',
    )
    expect(avatarInitial({ profileImageUrl: null, firstName: null, email: null })).toBe('U')
    expect(avatarInitial({})).toBe('U')
  })
})

describe('displayName', () => {
  it('is the full name', () => {
    expect(displayName({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' })).toBe(
      'Ada Lovelace',
    )
    expect(displayName({ firstName: ' Ada ', lastName: null, email: 'ada@example.com' })).toBe(
      'Ada',
    )
    expect(displayName({ firstName: '', lastName: 'Lovelace' })).toBe('Lovelace')
  })

  it('falls back to the e-mail, then User', () => {
    expect(displayName({ firstName: null, lastName: ' ', email: 'ada@example.com' })).toBe(
      'ada@example.com',
    )
    expect(displayName({ firstName: null, lastName: null, email: null })).toBe('User')
    expect(displayName({})).toBe('User')
  })
})

describe('avatarKind', () => {
  const bytes = (...parts: (number[] | string)[]) =>
    new Uint8Array(parts.flatMap((p) => (typeof p === 'string' ? [...p].map((c) => c.charCodeAt(0)) : p)))

  it('is the picture kind the first bytes show', () => {
    expect(avatarKind(bytes([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'IHDR'))).toBe('png')
    expect(avatarKind(bytes([0xff, 0xd8, 0xff, 0xe0]))).toBe('jpeg')
    expect(avatarKind(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))).toBe('webp')
  })

  it('is null for anything else: a PDF, a HEIC photo, SVG, GIF, HTML, nothing', () => {
    for (const other of [
      bytes('%PDF-1.7'),
      bytes([0, 0, 0, 0x18], 'ftypheic'),
      bytes('<svg xmlns="http://www.w3.org/2000/svg"/>'),
      bytes('GIF89a'),
      bytes('<html>'),
      bytes(),
    ]) {
      expect(avatarKind(other)).toBeNull()
    }
  })
})

describe('avatarFileProblem', () => {
  it('passes a PNG, JPEG or WebP picture up to 1 MB, and a file whose type the browser does not know', () => {
    for (const type of ['image/png', 'image/jpeg', 'image/webp', '']) {
      expect(avatarFileProblem({ size: AVATAR_MAX_BYTES, type }), type).toBeNull()
    }
  })

  it('says what is wrong: another type, an empty file, more than 1 MB', () => {
    expect(avatarFileProblem({ size: 10, type: 'image/svg+xml' })).toBe('The photo must be a PNG, JPEG or WebP picture')
    expect(avatarFileProblem({ size: 10, type: 'image/heic' })).toBe('The photo must be a PNG, JPEG or WebP picture')
    expect(avatarFileProblem({ size: 0, type: 'image/png' })).toBe('This file is empty: choose a picture')
    expect(avatarFileProblem({ size: AVATAR_MAX_BYTES + 1, type: 'image/png' })).toBe('The photo is larger than 1 MB: choose a smaller picture')
  })
})
