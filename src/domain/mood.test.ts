import { describe, expect, it } from 'vitest'
import { asCents } from './money'
import {
  computeMood,
  LOADING_MOOD,
  loadingMood,
  MOOD_COLORS,
  MOOD_STORAGE_KEY,
  moodBreakdown,
  moodLevel,
  type MoodInput,
  type MoodLevel,
} from './mood'

const c = asCents
const timestamp = '2024-03-12T09:30:00.000Z'

const nothing: MoodInput = {
  netWorth: c(0),
  monthSpending: c(0),
  totalBudget: c(0),
  monthIncome: c(0),
  activeGoals: [],
  creditScore: null,
}

function input(overrides: Partial<MoodInput>): MoodInput {
  return { ...nothing, ...overrides }
}

function goals(...percents: number[]): MoodInput['activeGoals'] {
  // targets of 10 000 cents, so a percent with two decimals is a whole number of cents
  return percents.map((p) => ({ currentAmount: c(Math.round(p * 100)), targetAmount: c(10_000) }))
}

describe('moodLevel', () => {
  it.each([
    [100, 'excellent'],
    [85, 'excellent'],
    [84, 'good'],
    [70, 'good'],
    [69, 'neutral'],
    [50, 'neutral'],
    [49, 'concerning'],
    [30, 'concerning'],
    [29, 'critical'],
    [0, 'critical'],
  ] as const)('%d is %s', (score, level) => {
    expect(moodLevel(score)).toBe(level)
  })
})

describe('net worth points', () => {
  it.each([
    [10_000_001, 25, 'Strong net worth'], // $100,000.01
    [10_000_000, 20, 'Good net worth'], // $100,000.00
    [5_000_001, 20, 'Good net worth'],
    [5_000_000, 15, 'Growing net worth'],
    [1_000_001, 15, 'Growing net worth'],
    [1_000_000, 10, 'Positive net worth'],
    [1, 10, 'Positive net worth'],
  ] as const)('%d cents gives %d (%s)', (cents, points, factor) => {
    const i = input({ netWorth: c(cents) })
    expect(moodBreakdown(i).netWorth).toBe(points)
    expect(computeMood(i, timestamp).factors).toEqual([factor])
  })

  it.each([0, -1, -5_000_000])('%d cents gives nothing', (cents) => {
    const i = input({ netWorth: c(cents) })
    expect(moodBreakdown(i).netWorth).toBe(0)
    expect(computeMood(i, timestamp).factors).toEqual([])
  })
})

describe('budget points', () => {
  it.each([
    [0, 20, 'Under budget'],
    [6999, 20, 'Under budget'], // 69.99%
    [7000, 15, 'Within budget'], // 70%
    [8499, 15, 'Within budget'],
    [8500, 10, 'Budget nearly used'], // 85%
    [9999, 10, 'Budget nearly used'],
  ] as const)('%d spent of 10000 gives %d (%s)', (spent, points, factor) => {
    const i = input({ monthSpending: c(spent), totalBudget: c(10_000) })
    expect(moodBreakdown(i).budget).toBe(points)
    expect(computeMood(i, timestamp).factors).toContain(factor)
  })

  it('gives nothing at or over budget, or without budgets', () => {
    expect(moodBreakdown(input({ monthSpending: c(10_000), totalBudget: c(10_000) })).budget).toBe(
      0,
    )
    expect(moodBreakdown(input({ monthSpending: c(15_000), totalBudget: c(10_000) })).budget).toBe(
      0,
    )
    expect(moodBreakdown(input({ monthSpending: c(0), totalBudget: c(0) })).budget).toBe(0)
    expect(
      computeMood(input({ monthSpending: c(10_000), totalBudget: c(10_000) }), timestamp).factors,
    ).toEqual([])
  })
})

describe('savings rate points', () => {
  it.each([
    [0, 20, 'Excellent savings rate'],
    [7999, 20, 'Excellent savings rate'], // 20.01%
    [8000, 15, 'Good savings rate'], // 20%
    [8999, 15, 'Good savings rate'], // 10.01%
    [9000, 10, 'Moderate savings rate'], // 10%
    [9499, 10, 'Moderate savings rate'], // 5.01%
    [9500, 5, 'Some savings'], // 5%
    [9999, 5, 'Some savings'], // 0.01%
  ] as const)('%d spent of 10000 income gives %d (%s)', (spent, points, factor) => {
    const i = input({ monthSpending: c(spent), monthIncome: c(10_000) })
    expect(moodBreakdown(i).savings).toBe(points)
    expect(computeMood(i, timestamp).factors).toEqual([factor])
  })

  it('gives nothing when nothing is saved or there is no income', () => {
    expect(moodBreakdown(input({ monthSpending: c(10_000), monthIncome: c(10_000) })).savings).toBe(
      0,
    )
    expect(moodBreakdown(input({ monthSpending: c(12_000), monthIncome: c(10_000) })).savings).toBe(
      0,
    )
    expect(moodBreakdown(input({ monthSpending: c(0), monthIncome: c(0) })).savings).toBe(0)
    expect(moodBreakdown(input({ monthSpending: c(100), monthIncome: c(0) })).savings).toBe(0)
  })
})

describe('goal points', () => {
  it.each([
    [[100], 15, 'Goals on track'],
    [[75.01], 15, 'Goals on track'],
    [[75], 12, 'Good goal progress'],
    [[50.01], 12, 'Good goal progress'],
    [[50], 8, 'Goals in progress'],
    [[25.01], 8, 'Goals in progress'],
    [[25], 3, 'Goals started'],
    [[0], 3, 'Goals started'],
  ] as const)('progress %j gives %d (%s)', (percents, points, factor) => {
    const i = input({ activeGoals: goals(...percents) })
    expect(moodBreakdown(i).goals).toBe(points)
    expect(computeMood(i, timestamp).factors).toEqual([factor])
  })

  it('averages the goals', () => {
    expect(moodBreakdown(input({ activeGoals: goals(100, 50) })).goals).toBe(12) // exactly 75%
    expect(moodBreakdown(input({ activeGoals: goals(100, 50.02) })).goals).toBe(15)
    expect(moodBreakdown(input({ activeGoals: goals(10, 20, 30) })).goals).toBe(3)
  })

  it('caps each goal at 100% before averaging', () => {
    // uncapped this would average 100%
    expect(moodBreakdown(input({ activeGoals: goals(200, 0) })).goals).toBe(8)
  })

  it('gives nothing without active goals', () => {
    expect(moodBreakdown(input({ activeGoals: [] })).goals).toBe(0)
  })
})

describe('credit score points', () => {
  it.each([
    [850, 20, 'Excellent credit score'],
    [751, 20, 'Excellent credit score'],
    [750, 15, 'Good credit score'],
    [701, 15, 'Good credit score'],
    [700, 10, 'Fair credit score'],
    [651, 10, 'Fair credit score'],
    [650, 5, 'Building credit score'],
    [601, 5, 'Building credit score'],
  ] as const)('%d gives %d (%s)', (score, points, factor) => {
    const i = input({ creditScore: score })
    expect(moodBreakdown(i).credit).toBe(points)
    expect(computeMood(i, timestamp).factors).toEqual([factor])
  })

  it('gives nothing at 600 or below, or without a score', () => {
    expect(moodBreakdown(input({ creditScore: 600 })).credit).toBe(0)
    expect(moodBreakdown(input({ creditScore: 300 })).credit).toBe(0)
    expect(moodBreakdown(input({ creditScore: null })).credit).toBe(0)
  })
})

describe('computeMood', () => {
  it('adds the parts up to 100 with the top factor labels in order', () => {
    const mood = computeMood(
      {
        netWorth: c(25_000_000),
        monthSpending: c(300_000),
        totalBudget: c(500_000),
        monthIncome: c(800_000),
        activeGoals: goals(90, 80),
        creditScore: 790,
      },
      timestamp,
    )
    expect(mood).toEqual({
      mood: 'excellent',
      score: 100,
      factors: [
        'Strong net worth',
        'Under budget',
        'Excellent savings rate',
        'Goals on track',
        'Excellent credit score',
      ],
      backgroundColor: MOOD_COLORS.excellent.backgroundColor,
      textColor: MOOD_COLORS.excellent.textColor,
      timestamp,
    })
  })

  it('sets the level from the total and uses its colours', () => {
    // 25 + 20 + 20 + 15 + 5 = 85
    const excellent = computeMood(
      input({
        netWorth: c(10_000_001),
        monthSpending: c(0),
        totalBudget: c(1),
        monthIncome: c(1),
        activeGoals: goals(100),
        creditScore: 601,
      }),
      timestamp,
    )
    expect(excellent.score).toBe(85)
    expect(excellent.mood).toBe('excellent')

    // 25 + 20 + 15 + 0 + 10 = 70
    const good = computeMood(
      input({
        netWorth: c(10_000_001),
        monthSpending: c(8_000),
        totalBudget: c(20_000),
        monthIncome: c(10_000),
        creditScore: 700,
      }),
      timestamp,
    )
    expect(good.score).toBe(70)
    expect(good.mood).toBe('good')
    expect(good.backgroundColor).toBe(MOOD_COLORS.good.backgroundColor)
    expect(good.textColor).toBe(MOOD_COLORS.good.textColor)

    // 10 + 20 = 30
    const concerning = computeMood(input({ netWorth: c(1), totalBudget: c(10_000) }), timestamp)
    expect(concerning.score).toBe(30)
    expect(concerning.mood).toBe('concerning')
    expect(concerning.factors).toEqual(['Positive net worth', 'Under budget'])
  })

  it('is critical with nothing to go on', () => {
    const mood = computeMood(nothing, timestamp)
    expect(mood).toMatchObject({ mood: 'critical', score: 0, factors: [], timestamp })
    expect(mood.backgroundColor).toBe(MOOD_COLORS.critical.backgroundColor)
  })
})

describe('loadingMood', () => {
  it('is neutral at 50 while data loads', () => {
    expect(loadingMood(timestamp)).toEqual({
      mood: 'neutral',
      score: 50,
      factors: ['Loading financial data...'],
      backgroundColor: MOOD_COLORS.neutral.backgroundColor,
      textColor: MOOD_COLORS.neutral.textColor,
      timestamp,
    })
  })

  it('hands out a fresh factors list each time', () => {
    const mood = loadingMood(timestamp)
    mood.factors.push('changed')
    expect(LOADING_MOOD.factors).toEqual(['Loading financial data...'])
    expect(loadingMood(timestamp).factors).toEqual(['Loading financial data...'])
  })
})

describe('storage', () => {
  it('keeps the mood under financialMood', () => {
    expect(MOOD_STORAGE_KEY).toBe('financialMood')
  })
})

// WCAG 2 relative luminance and contrast ratio
function luminance(hex: string): number {
  const channels = [1, 3, 5].map((i) => Number.parseInt(hex.slice(i, i + 2), 16) / 255)
  const [r = 0, g = 0, b = 0] = channels.map((v) =>
    v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4,
  )
  return 0.2126 * r + 0.7152 * g + 0.0722 * b
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x)
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05)
}

describe('mood colours', () => {
  const levels: MoodLevel[] = ['excellent', 'good', 'neutral', 'concerning', 'critical']

  it('checks contrast the WCAG way', () => {
    expect(contrast('#000000', '#ffffff')).toBeCloseTo(21, 5)
    expect(contrast('#777777', '#ffffff')).toBeCloseTo(4.48, 2)
  })

  it.each(levels)('%s text on its background passes WCAG AA (4.5:1)', (level) => {
    const { backgroundColor, textColor } = MOOD_COLORS[level]
    expect(backgroundColor).toMatch(/^#[0-9a-f]{6}$/)
    expect(textColor).toMatch(/^#[0-9a-f]{6}$/)
    expect(contrast(textColor, backgroundColor)).toBeGreaterThanOrEqual(4.5)
  })

  it('gives each level its own background', () => {
    expect(new Set(levels.map((l) => MOOD_COLORS[l].backgroundColor)).size).toBe(levels.length)
  })
})
