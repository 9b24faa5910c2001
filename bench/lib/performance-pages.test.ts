import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { BENCH_END, BENCH_START, replaceBenchTables, targetRows, writePerformancePages } from './performance-pages'

const root = path.resolve(import.meta.dirname, '..', '..')

const SUMMARY = [
  'section      figure           target    result',
  '-----------  ---------------  --------  ------',
  '1 dashboard  worst call       ≤ 50 ms   PASS',
  '3 transactions  first page              INFO',
  '2 isolation  health under load  ≤ 2×    MISS',
].join('\n')

describe('the bench tables', () => {
  it('keeps only the rows with a target in the summary', () => {
    expect(targetRows(SUMMARY).split('\n')).toEqual([
      'section      figure           target    result',
      '-----------  ---------------  --------  ------',
      '1 dashboard  worst call       ≤ 50 ms   PASS',
      '2 isolation  health under load  ≤ 2×    MISS',
    ])
  })

  it('replaces what lies between the markers and nothing else', () => {
    const text = `intro\n${BENCH_START}\nold\n${BENCH_END}\noutro\n`
    expect(replaceBenchTables(text, 'new', 'X.md')).toBe(`intro\n${BENCH_START}\nnew\n${BENCH_END}\noutro\n`)
    expect(() => replaceBenchTables('no markers', 'new', 'X.md')).toThrow('X.md has no bench markers')
  })

  it('writes the summary into the README and the whole run into docs/performance.md', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'kinwise-bench-pages-'))
    try {
      mkdirSync(path.join(dir, 'docs'))
      for (const file of ['README.md', 'docs/performance.md']) writeFileSync(path.join(dir, file), `# ${file}\n${BENCH_START}\n${BENCH_END}\n`)
      await writePerformancePages(dir, { measured: 'Measured today.', dashboard: 'DASHBOARD TABLE', summary: SUMMARY })
      const readme = readFileSync(path.join(dir, 'README.md'), 'utf8')
      const doc = readFileSync(path.join(dir, 'docs/performance.md'), 'utf8')
      expect(readme).toContain('Measured today.')
      expect(readme).toContain('worst call')
      expect(readme).not.toContain('first page')
      expect(readme).not.toContain('DASHBOARD TABLE')
      expect(doc).toContain('DASHBOARD TABLE')
      expect(doc).toContain('first page')
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })
})

describe('the performance pages', () => {
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
  const section = readme.slice(readme.indexOf('\n## Performance\n'), readme.indexOf('\n## ', readme.indexOf('\n## Performance\n') + 1))

  it('the README keeps one summary table and points to docs/performance.md', () => {
    expect(section.match(/^```/gm)?.length).toBe(2)
    expect(section).toContain(BENCH_START)
    expect(section).toContain('(docs/performance.md)')
  })

  it('docs/performance.md holds the whole run and a section per area', () => {
    const doc = readFileSync(path.join(root, 'docs', 'performance.md'), 'utf8')
    expect(doc).toContain(BENCH_START)
    expect(doc).toContain(BENCH_END)
    expect(doc).toContain('\n## Investments and reports\n')
    expect(doc).toContain('\n## Spending plan (daily plan)\n')
    expect(doc).toContain('/api/analytics/monthly-summary')
  })
})
