import { describe, expect, it } from 'vitest'
import { fileNameOf } from './api/download-export'
import { guessFormat } from './components/chart-card'
import { monthStart } from './components/export-card'

describe('QuickBooks setup helpers', () => {
  it('reads the file name the server gives', () => {
    expect(fileNameOf('attachment; filename="kinwise-quickbooks-2026-03-01-to-2026-03-31.qbo"')).toBe(
      'kinwise-quickbooks-2026-03-01-to-2026-03-31.qbo',
    )
    expect(fileNameOf(null)).toBe(null)
  })
  it('tells an IIF chart from a CSV one by name, then by its first line', () => {
    expect(guessFormat('chart.IIF', 'Account,Type')).toBe('iif')
    expect(guessFormat('accounts.csv', '!ACCNT')).toBe('csv')
    expect(guessFormat('export.txt', '!ACCNT\tNAME')).toBe('iif')
    expect(guessFormat('', 'Account,Type')).toBe('csv')
  })
  it('starts the export on the first of the month', () => {
    expect(monthStart('2026-03-15')).toBe('2026-03-01')
  })
})
