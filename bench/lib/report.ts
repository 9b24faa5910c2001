// The bench's results: rows with a median, a p99 and a target, checked to PASS/MISS, printed as
// plain-text tables (also pasted into README.md) and written as JSON to bench/results/.
export type Status = 'PASS' | 'MISS' | 'INFO' | 'SKIP'

export type Target = { op: '<=' | '>='; value: number; label?: string }

export type Row = {
  section: string
  figure: string
  db?: string
  /** transactions in the data set */
  rows?: number
  median?: number
  p99?: number
  unit: string
  /** what else is worth a column: requests/s, a ratio, … */
  extra?: string
  target?: Target
  /** which of median/p99 the target applies to (default: p99 when present, else median) */
  targetOn?: 'median' | 'p99'
  status: Status
  note?: string
}

export function check(value: number | undefined, target: Target | undefined): Status {
  if (target === undefined) return 'INFO'
  if (value === undefined || Number.isNaN(value)) return 'SKIP'
  return (target.op === '<=' ? value <= target.value : value >= target.value) ? 'PASS' : 'MISS'
}

/** A row whose status follows from its figure and target. */
export function row(r: Omit<Row, 'status'> & { status?: Status }): Row {
  const on = r.targetOn ?? (r.p99 !== undefined ? 'p99' : 'median')
  return { ...r, status: r.status ?? check(on === 'p99' ? r.p99 : r.median, r.target) }
}

export function fmt(value: number | undefined, unit = ''): string {
  if (value === undefined || Number.isNaN(value)) return '–'
  const abs = Math.abs(value)
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : 2
  const text = value.toLocaleString('en-US', {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  })
  return unit ? `${text} ${unit}` : text
}

export const sizeLabel = (n: number | undefined): string => {
  if (n === undefined) return ''
  const [unit, div] = n >= 1_000_000 ? ['M', 1_000_000] : n >= 1000 ? ['k', 1000] : ['', 1]
  const value = n / div
  return `${Number.isInteger(value) ? String(value) : value.toFixed(value >= 100 ? 0 : 1)}${unit}`
}

export function targetLabel(t: Target | undefined, unit: string): string {
  if (!t) return ''
  return t.label ?? `${t.op === '<=' ? '≤' : '≥'} ${String(t.value)}${unit ? ` ${unit}` : ''}`
}

/** Plain-text table with aligned columns; `right` names the columns aligned to the right. */
export function table(head: string[], body: string[][], right: number[] = []): string {
  const widths = head.map((h, i) =>
    Math.max(h.length, ...body.map((cells) => (cells[i] ?? '').length)),
  )
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (right.includes(i) ? c.padStart(widths[i] ?? 0) : c.padEnd(widths[i] ?? 0)))
      .join('  ')
      .trimEnd()
  return [line(head), widths.map((w) => '-'.repeat(w)).join('  '), ...body.map(line)].join('\n')
}

export function summaryTable(rows: Row[]): string {
  return table(
    ['section', 'figure', 'db', 'rows', 'median', 'p99', 'also', 'target', 'result'],
    rows.map((r) => [
      r.section,
      r.figure,
      r.db ?? '',
      sizeLabel(r.rows),
      fmt(r.median, r.unit),
      fmt(r.p99, r.unit),
      r.extra ?? '',
      targetLabel(r.target, r.unit),
      r.note && r.status !== 'PASS' && r.status !== 'MISS' ? `${r.status}: ${r.note}` : r.status,
    ]),
    [3, 4, 5],
  )
}
