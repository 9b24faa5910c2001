import { describe, expect, it } from 'vitest'
import { asCents } from './money'
import { netWorth, netWorthChangePercent } from './net-worth'

const c = asCents

describe('netWorth', () => {
  it('is the plain sum of signed balances', () => {
    expect(netWorth([c(250_000), c(1_000_000), c(-45_000), c(-12_000_000)])).toBe(-10_795_000)
    expect(netWorth([c(12_345)])).toBe(12_345)
  })

  it('is 0 with no accounts', () => {
    expect(netWorth([])).toBe(0)
  })

  it('handles many accounts', () => {
    expect(netWorth(Array.from({ length: 200_000 }, () => c(1)))).toBe(200_000)
  })
})

describe('netWorthChangePercent', () => {
  it('is the change against the previous value', () => {
    expect(netWorthChangePercent(c(110), c(100))).toBe(10)
    expect(netWorthChangePercent(c(90), c(100))).toBe(-10)
    expect(netWorthChangePercent(c(100), c(100))).toBe(0)
    expect(netWorthChangePercent(c(107), c(100))).toBe(7)
    expect(netWorthChangePercent(c(0), c(100))).toBe(-100)
  })

  it('measures against the size of a negative previous value, so improving reads as a rise', () => {
    expect(netWorthChangePercent(c(90), c(-100))).toBe(190)
    expect(netWorthChangePercent(c(-50), c(-100))).toBe(50)
    expect(netWorthChangePercent(c(-150), c(-100))).toBe(-50)
  })

  it('is null when there is no previous value to compare with', () => {
    expect(netWorthChangePercent(c(500), c(0))).toBeNull()
  })

  it('keeps fractions for the UI to round', () => {
    expect(netWorthChangePercent(c(100), c(300))).toBeCloseTo(-66.6667, 4)
  })
})
