// CSV export of a report, built in the browser from the rows the page shows, with the one CSV
// writer of every export (domain/csv: RFC 4180, and text a spreadsheet would run as a formula
// becomes text while numbers keep their minus sign). Money goes out as plain decimals with two
// places ("-1234.50"), so a spreadsheet reads numbers; a missing figure (no exchange rate) is an
// empty cell.
import type { CreditScore } from '#src/contract/credit-score'
import { creditBand } from '#src/domain/credit-score'
import { csvLine, type CsvCell } from '#src/domain/csv'
import { plainAmount } from '#src/domain/data-export'
import type { Cents } from '#src/domain/money'

/** A money cell: cents as a decimal with two places, or null (empty) when missing. */
export function moneyCell(value: Cents | null): CsvCell {
  return value === null ? null : plainAmount(value)
}

/** The CSV text of a header row and data rows (with a byte-order mark, so Excel reads UTF-8). */
export function toCsv(header: readonly string[], rows: readonly (readonly CsvCell[])[]): string {
  return `\uFEFF${[header, ...rows].map(csvLine).join('')}`
}

/** The file name of a report's export: "kinwise-cash-flow-2025-12-01-to-2026-11-30.csv". */
export function csvFileName(report: string, from: string, to: string): string {
  const slug = report
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
  return `kinwise-${slug}-${from}-to-${to}.csv`
}

/** Hands the CSV to the browser as a download. */
export function downloadCsv(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // the download has started from the object URL by now; let the browser free it afterwards
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/** The history as CSV, oldest first: date, score, band, provider and the change from the entry before. */
export function creditScoreCsv(history: readonly CreditScore[]): string {
  const rows = history.map((entry, i) => {
    const before = history[i - 1]
    return [
      entry.date,
      entry.score,
      creditBand(entry.score),
      entry.provider || 'Manual',
      before === undefined ? null : entry.score - before.score,
    ]
  })
  return toCsv(['Date', 'Score', 'Band', 'Provider', 'Change'], rows)
}
