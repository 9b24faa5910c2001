// The one CSV writer of every file Kinwise hands out to a spreadsheet (the data export's CSVs,
// the QuickBooks CSV and IIF, the reports page's downloads), and its cell rule: text a
// spreadsheet would run as a formula is made inert, numbers stay numbers (ADR 0050).
// RFC 4180 otherwise: commas between fields, CRLF after each record, a field quoted when it
// holds a separator, a quote or a line break, or starts or ends with a space, quotes doubled.

/** A cell: text, a number, a yes/no, or null for an empty cell. */
export type CsvCell = string | number | boolean | null

/** What a spreadsheet takes as the start of a formula (OWASP's CSV injection list). */
const FORMULA_START = /^[=+\-@\t\r]/
/** A plain decimal such as "-12.50": a spreadsheet reads it as a number, never as a formula. */
const PLAIN_NUMBER = /^-?\d+(?:\.\d+)?$/

/**
 * Text as a spreadsheet cell may safely hold it: text starting with =, +, -, @, a tab or a
 * carriage return gets a leading apostrophe, so "=HYPERLINK(…)" shows as text instead of
 * running. A plain decimal ("-12.50", how amounts are written) is a number and stays as it is.
 */
export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) && !PLAIN_NUMBER.test(text) ? `'${text}` : text
}

/**
 * One CSV field. Text goes through spreadsheetText; a number or yes/no is written as it is (a
 * negative number keeps its minus). Quoted also when it holds a semicolon or a tab, the
 * separators spreadsheets in many locales split on, so nothing starts a cell mid-field.
 */
export function csvField(cell: CsvCell): string {
  if (cell === null) return ''
  const text = typeof cell === 'string' ? spreadsheetText(cell) : String(cell)
  return /[",;\t\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text
}

/** One CSV record, ended by CRLF as RFC 4180 says. */
export function csvLine(cells: readonly CsvCell[]): string {
  return `${cells.map(csvField).join(',')}\r\n`
}
