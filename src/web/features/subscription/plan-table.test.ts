// The plans' table follows domain/tiers: a feature a plan does not include is never shown as
// included, and the figures are the limits the server applies.
import { describe, expect, it } from 'vitest'
import { FEATURES, planAllows, tierLimits, type Feature } from '#src/domain/tiers'
import { planDirection, planHighlights, planPrice, planSections } from './plan-table'

const rows = () => planSections().flatMap((section) => section.rows)
const rowNamed = (label: string) => {
  const found = rows().find((r) => r.label === label)
  if (found === undefined) throw new Error(`no row ${label}`)
  return found
}

describe('planSections', () => {
  it('has a row for every premium-marked feature, included exactly where the plan allows it', () => {
    const features = Object.keys(FEATURES).filter((f): f is Feature => f in FEATURES)
    for (const feature of features) {
      if (feature === 'core') continue
      const r = rowNamed(FEATURES[feature].label)
      for (const tier of ['free', 'basic', 'premium'] as const) {
        expect(r.cells[tier].included).toBe(planAllows(tier, feature))
      }
    }
  })

  it('shows the free plan ads and the paid plans none', () => {
    expect(rowNamed('No ads').cells).toEqual({
      free: { included: false },
      basic: { included: true },
      premium: { included: true },
    })
  })

  it('gives every plan the core features and the household', () => {
    const [core] = planSections()
    expect(core?.rows.length).toBeGreaterThan(3)
    for (const r of core?.rows ?? []) {
      expect([r.cells.free.included, r.cells.basic.included, r.cells.premium.included]).toEqual([
        true,
        true,
        true,
      ])
    }
    expect(rowNamed('Family sharing').cells.free.included).toBe(true)
  })

  it('states the limits of each plan', () => {
    expect(rowNamed('Bank connections').cells).toEqual({
      free: { included: false },
      basic: { included: true, text: `Up to ${tierLimits('basic').bankConnections}` },
      premium: { included: true, text: `Up to ${tierLimits('premium').bankConnections}` },
    })
    expect(rowNamed('AI requests a month').cells.premium.text).toBe('1,000')
    expect(rowNamed('AI requests a month').cells.free).toEqual({ included: false })
  })
})

describe('plans', () => {
  it('costs $0, $6 and $8 a month', () => {
    expect([planPrice('free'), planPrice('basic'), planPrice('premium')]).toEqual([0, 6, 8])
  })

  it('orders the plans', () => {
    expect(planDirection('free', 'premium')).toBe(1)
    expect(planDirection('premium', 'basic')).toBe(-1)
    expect(planDirection('basic', 'basic')).toBe(0)
  })

  it('sets each paid plan apart by its limits', () => {
    expect(planHighlights('basic')).toContain('Up to 3 bank connections')
    expect(planHighlights('premium')).toContain('Up to 10 bank connections')
    expect(planHighlights('free')).toContain('Ad-supported')
  })
})
