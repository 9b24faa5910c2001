// How hard a password is to guess (zxcvbn: 0 = guessed at once … 4 = very hard), with its
// advice. The server refuses a new password below MIN_PASSWORD_SCORE on registration, password
// change and reset; the web shows the same score as a meter (loaded lazily: the dictionaries
// are large).
import { ZxcvbnFactory } from '@zxcvbn-ts/core'
import * as common from '@zxcvbn-ts/language-common'
import * as en from '@zxcvbn-ts/language-en'

export const MIN_PASSWORD_SCORE = 3

export type PasswordScore = 0 | 1 | 2 | 3 | 4

export type PasswordStrength = {
  score: PasswordScore
  /** what is wrong, e.g. "This is a commonly used password." */
  warning: string | null
  suggestions: string[]
  acceptable: boolean
}

export const STRENGTH_LABELS: Record<PasswordScore, string> = {
  0: 'Very weak',
  1: 'Weak',
  2: 'Fair',
  3: 'Strong',
  4: 'Very strong',
}

let factory: ZxcvbnFactory | null = null

function checker(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...common.dictionary, ...en.dictionary },
    graphs: common.adjacencyGraphs,
    translations: en.translations,
  })
  return factory
}

function isScore(n: number): n is PasswordScore {
  return n === 0 || n === 1 || n === 2 || n === 3 || n === 4
}

/**
 * Scores a password. `userInputs` are words a guesser would try first for this person: their
 * e-mail, its local part, their names.
 */
export function passwordStrength(password: string, userInputs: readonly string[] = []): PasswordStrength {
  const inputs = userInputs
    .flatMap((v) => [v, ...v.toLowerCase().split(/[@.\s_+-]+/)])
    .filter((v) => v.length >= 3)
  // past 100 characters the score no longer changes, only the time it takes
  const result = checker().check(password.slice(0, 100), inputs)
  const score = isScore(result.score) ? result.score : 0
  return {
    score,
    warning: result.feedback.warning,
    suggestions: result.feedback.suggestions,
    acceptable: score >= MIN_PASSWORD_SCORE,
  }
}

/** The sentence a refusal shows: what is wrong and what to do. */
export function weakPasswordMessage(strength: PasswordStrength): string {
  const advice = [strength.warning, ...strength.suggestions].filter((s): s is string => Boolean(s))
  const head = 'This password is too easy to guess'
  return advice.length ? `${head}: ${advice.join(' ')}` : `${head}. Add more words that are less common.`
}
