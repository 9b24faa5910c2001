// The import bar while the server writes: its rows against the preview's count, never 100 before
// the answer, nothing while it is still reading or unheard of.
import { describe, expect, it } from 'vitest'
import { directionList, mappingProblem, serverPercent, withColumnRole, withDirectionValues, type DraftMapping } from './import-flow'

describe('serverPercent', () => {
  it('is the rows written against the file’s rows, rounded down', () => {
    expect(serverPercent({ stage: 'writing', rows: 250_000 }, 1_000_000)).toBe(25)
    expect(serverPercent({ stage: 'writing', rows: 2 }, 3)).toBe(66)
  })
  it('stays below 100 until the import answers', () => {
    expect(serverPercent({ stage: 'writing', rows: 1_000_000 }, 1_000_000)).toBe(99)
    expect(serverPercent({ stage: 'done', rows: 1_000_000 }, 1_000_000)).toBe(99)
  })
  it('shows nothing while the server reads, waits or has no rows to count', () => {
    expect(serverPercent(null, 100)).toBeNull()
    expect(serverPercent({ stage: 'waiting', rows: 0 }, 100)).toBeNull()
    expect(serverPercent({ stage: 'reading', rows: 0 }, 100)).toBeNull()
    expect(serverPercent({ stage: 'writing', rows: 10 }, 0)).toBeNull()
  })
})

describe('the direction column', () => {
  const base: DraftMapping = {
    delimiter: ',',
    decimalSeparator: '.',
    dateFormat: 'YYYY-MM-DD',
    skipRows: 0,
    hasHeader: true,
    columns: { date: 0, amount: 1 },
    signConvention: 'as-is',
  }

  it('is a role of its own, beside one amount column', () => {
    const columns = withColumnRole(base.columns, 2, 'direction')
    expect(columns).toEqual({ date: 0, amount: 1, direction: 2 })
    expect(mappingProblem({ ...base, columns })).toBeNull()
  })

  it('asks for one amount column when the money is in debit and credit columns', () => {
    const columns = withColumnRole({ date: 0, debit: 1, credit: 3 }, 2, 'direction')
    expect(mappingProblem({ ...base, columns })).toBe('A column that says out or in goes with one amount column.')
  })

  it('reads typed values as lists: trimmed, empty ones left out', () => {
    expect(directionList(' Af , ,D,')).toEqual(['Af', 'D'])
    expect(directionList('')).toEqual([])
  })

  it('sends both lists or neither (the common values then)', () => {
    expect(withDirectionValues(base, 'Af, D', 'Bij').directionValues).toEqual({ debit: ['Af', 'D'], credit: ['Bij'] })
    const oneTyped = withDirectionValues({ ...base, directionValues: { debit: ['x'], credit: ['y'] } }, 'Af', '')
    expect('directionValues' in oneTyped).toBe(false)
  })
})
