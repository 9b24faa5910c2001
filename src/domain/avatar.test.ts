import { describe, expect, it } from 'vitest'
import { avatarInitial, displayName } from './avatar'

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
