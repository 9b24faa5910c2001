import { describe, expect, it } from 'vitest'
import {
  CREDIT_SCORE_MAX,
  CREDIT_SCORE_MIN,
  creditBand,
  creditScoreBarPercent,
  creditScoreChange,
  INVALID_SCORE_TOAST,
  isValidCreditScore,
  parseCreditScoreEntry,
  SCORE_ADDED_TOAST,
  SCORE_SAVE_FAILED_TOAST,
} from './credit-score'

describe('credit score range', () => {
  it('is 300 to 850', () => {
    expect(CREDIT_SCORE_MIN).toBe(300)
    expect(CREDIT_SCORE_MAX).toBe(850)
  })
})

describe('creditBand', () => {
  it.each([
    [850, 'Excellent'],
    [781, 'Excellent'],
    [780, 'Good'],
    [661, 'Good'],
    [660, 'Fair'],
    [601, 'Fair'],
    [600, 'Poor'],
    [500, 'Poor'],
    [499, 'Very Poor'],
    [300, 'Very Poor'],
  ] as const)('%d is %s', (score, band) => {
    expect(creditBand(score)).toBe(band)
  })
})

describe('isValidCreditScore', () => {
  it('accepts whole numbers from 300 to 850 inclusive', () => {
    expect(isValidCreditScore(300)).toBe(true)
    expect(isValidCreditScore(850)).toBe(true)
    expect(isValidCreditScore(720)).toBe(true)
  })

  it('refuses scores outside the range, fractions and non-numbers', () => {
    expect(isValidCreditScore(299)).toBe(false)
    expect(isValidCreditScore(851)).toBe(false)
    expect(isValidCreditScore(720.5)).toBe(false)
    expect(isValidCreditScore(Number.NaN)).toBe(false)
    expect(isValidCreditScore(Number.POSITIVE_INFINITY)).toBe(false)
  })
})

describe('parseCreditScoreEntry', () => {
  it('does nothing when the prompt is cancelled or left empty', () => {
    expect(parseCreditScoreEntry(null)).toEqual({ kind: 'cancelled' })
    expect(parseCreditScoreEntry('')).toEqual({ kind: 'cancelled' })
    expect(parseCreditScoreEntry('   ')).toEqual({ kind: 'cancelled' })
  })

  it.each([
    ['720', 720],
    [' 720 ', 720],
    ['300', 300],
    ['850', 850],
    ['720.0', 720],
  ] as const)('accepts %j as %d', (input, score) => {
    expect(parseCreditScoreEntry(input)).toEqual({ kind: 'valid', score })
  })

  it.each([
    '299',
    '851',
    '0',
    '720.5',
    '-720',
    '7e2',
    '72O',
    'abc',
    '720 points',
    '0x2D0',
    '1,000',
  ])('refuses %j', (input) => {
    expect(parseCreditScoreEntry(input)).toEqual({ kind: 'invalid' })
  })
})

describe('creditScoreBarPercent', () => {
  it('is the score out of 850', () => {
    expect(creditScoreBarPercent(850)).toBe(100)
    expect(creditScoreBarPercent(425)).toBe(50)
    expect(creditScoreBarPercent(680)).toBeCloseTo(80, 10)
    expect(creditScoreBarPercent(300)).toBeCloseTo(35.294117647, 6)
  })

  it('is clamped to 0–100', () => {
    expect(creditScoreBarPercent(900)).toBe(100)
    expect(creditScoreBarPercent(-10)).toBe(0)
    expect(creditScoreBarPercent(Number.NaN)).toBe(0)
  })
})

describe('creditScoreChange', () => {
  it('is null with fewer than two entries', () => {
    expect(creditScoreChange([])).toBeNull()
    expect(creditScoreChange([{ score: 700, date: '2024-01-01' }])).toBeNull()
  })

  it('is the latest minus the previous entry by date, whatever the order given', () => {
    expect(
      creditScoreChange([
        { score: 720, date: '2024-03-01' },
        { score: 650, date: '2023-01-01' },
        { score: 700, date: '2024-01-01' },
      ]),
    ).toBe(20)
    expect(
      creditScoreChange([
        { score: 690, date: '2024-05-01' },
        { score: 740, date: '2024-02-01' },
      ]),
    ).toBe(-50)
  })

  it('takes the later of two entries on the same date as the newer', () => {
    expect(
      creditScoreChange([
        { score: 700, date: '2024-01-01' },
        { score: 705, date: '2024-02-01' },
        { score: 710, date: '2024-02-01' },
      ]),
    ).toBe(5)
  })

  it('does not reorder the caller array', () => {
    const history = [
      { score: 720, date: '2024-03-01' },
      { score: 700, date: '2024-01-01' },
    ]
    creditScoreChange(history)
    expect(history[0]?.date).toBe('2024-03-01')
  })
})

describe('toasts', () => {
  it('use the exact wording of docs/product.md §8', () => {
    expect(INVALID_SCORE_TOAST).toEqual({
      title: 'Invalid Score',
      description: 'Please enter a valid credit score between 300 and 850.',
    })
    expect(SCORE_ADDED_TOAST).toEqual({
      title: 'Credit Score Added',
      description: 'Your credit score has been successfully added.',
    })
    expect(SCORE_SAVE_FAILED_TOAST).toEqual({
      title: 'Error',
      description: 'Failed to save credit score. Please try again.',
    })
  })
})
