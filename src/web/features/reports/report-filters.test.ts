import { describe, expect, it } from 'vitest'
import { monthDays, monthsOf, presetRange, readReportFilters } from './report-filters'

const A = '11111111-1111-4111-8111-111111111111'
const B = '22222222-2222-4222-8222-222222222222'

describe('presetRange', () => {
  it('counts whole months back, this month included', () => {
    expect(presetRange('12m', '2026-11-25')).toEqual({ from: '2025-12', to: '2026-11' })
    expect(presetRange('24m', '2026-01-31')).toEqual({ from: '2024-02', to: '2026-01' })
    expect(presetRange('ytd', '2026-11-25')).toEqual({ from: '2026-01', to: '2026-11' })
  })
})

describe('readReportFilters', () => {
  it('reads a custom range and id lists, dropping junk ids', () => {
    const params = new URLSearchParams(
      `range=custom&from=2026-02-14&to=2026-03&accounts=${A},nope,${A}&categories=${B},uncategorized,other`,
    )
    expect(readReportFilters(params, '2026-11-25')).toEqual({
      range: 'custom',
      from: '2026-02',
      to: '2026-03',
      accountIds: [A],
      categoryIds: [B, 'uncategorized'],
      memberIds: [],
    })
  })

  it('falls back to 12 months for a reversed or missing custom range', () => {
    const reversed = new URLSearchParams('range=custom&from=2026-05&to=2026-03')
    expect(readReportFilters(reversed, '2026-11-25')).toMatchObject({
      range: '12m',
      from: '2025-12',
      to: '2026-11',
    })
    const tooLong = new URLSearchParams('range=custom&from=2000-01&to=2026-03')
    expect(readReportFilters(tooLong, '2026-11-25').range).toBe('12m')
    expect(readReportFilters(new URLSearchParams('range=bogus'), '2026-11-25').range).toBe('12m')
  })
})

describe('months', () => {
  it('lists each month of a range and the days of months', () => {
    expect(monthsOf('2025-11', '2026-02')).toEqual(['2025-11', '2025-12', '2026-01', '2026-02'])
    expect(monthsOf('2026-02', '2026-02')).toEqual(['2026-02'])
    expect(monthDays('2024-02')).toEqual({ from: '2024-02-01', to: '2024-02-29' })
    expect(monthDays('2025-12', '2026-11')).toEqual({ from: '2025-12-01', to: '2026-11-30' })
  })
})
