import { describe, expect, it } from 'vitest'
import { MIN_PASSWORD_SCORE, passwordStrength, weakPasswordMessage } from './password-strength'

describe('passwordStrength', () => {
  it('refuses common passwords and patterns, whatever their length', () => {
    const common = passwordStrength('password123')
    expect(common.score).toBe(0)
    expect(common.acceptable).toBe(false)
    expect(common.warning).toBe('This is a commonly used password.')
    expect(passwordStrength('aaaaaaaaaaaa').acceptable).toBe(false)
    expect(passwordStrength('qwertyuiop1').acceptable).toBe(false)
  })

  it('accepts a few uncommon words', () => {
    const s = passwordStrength('correct horse battery')
    expect(s.score).toBeGreaterThanOrEqual(MIN_PASSWORD_SCORE)
    expect(s.acceptable).toBe(true)
  })

  it("counts the person's own e-mail and name as guessable", () => {
    expect(passwordStrength('zanzibarquokka').score).toBe(4)
    const known = passwordStrength('zanzibarquokka', ['zanzibarquokka@example.com'])
    expect(known.score).toBe(0)
    expect(known.warning).toBe('There should not be any personal or page related data.')
  })

  it('words the refusal with the advice', () => {
    expect(weakPasswordMessage(passwordStrength('password123'))).toBe(
      'This password is too easy to guess: This is a commonly used password. Add more words that are less common.',
    )
  })
})
