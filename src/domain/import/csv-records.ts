// The CSV record reader: a tolerant RFC 4180 reader (broken quotes, CR CR LF, stray delimiters)
// that the guesser, the whole-file parser and the stream all read records with.

export type CsvRecord = { cells: string[]; line: number }

const MAX_FIELD_LINES = 20
const MAX_FIELD_CHARS = 100_000
export const MAX_CELLS = 2_000

/** `open`: a quoted field was still open at the end of the text (more text may close it) */
type RecordRead = { cells: string[]; next: number; newlines: number; broken: boolean; open?: boolean }

function endOfLine(text: string, pos: number): number {
  const nl = text.indexOf('\n', pos)
  return nl === -1 ? text.length : nl
}

function unquoteNaive(cell: string): string {
  const c = cell.trim()
  if (c.length >= 2 && c.startsWith('"') && c.endsWith('"')) return c.slice(1, -1).replace(/""/g, '"')
  return cell.replace(/^\s*"|"\s*$/g, '')
}

/** A line whose quotes do not balance is split at every delimiter, quotes stripped per cell. */
function readNaive(text: string, pos: number, delimiter: string): RecordRead {
  const eol = endOfLine(text, pos)
  const d = delimiter.charCodeAt(0)
  const cells: string[] = []
  let start = pos
  for (let k = pos; k <= eol && cells.length < MAX_CELLS; k++) {
    if (k === eol || text.charCodeAt(k) === d) {
      cells.push(unquoteNaive(text.slice(start, k)))
      start = k + 1
    }
  }
  return { cells, next: eol + 1, newlines: 0, broken: true }
}

export function readRecord(text: string, pos: number, delimiter: string): RecordRead {
  const n = text.length
  const d = delimiter.charCodeAt(0)
  const cells: string[] = []
  let newlines = 0
  let i = pos
  // the next line break ahead, found once and carried forward so long lines stay linear
  let nextNewline = text.indexOf('\n', pos)
  for (;;) {
    // a quoted field may be preceded by spaces ("a, "b"")
    let q = i
    if (d !== 9) while (q < n && text.charCodeAt(q) === 32) q++
    if (q < n && text.charCodeAt(q) === 34 /* " */) {
      let j = q + 1
      let chunk = j
      let value = ''
      let closed = false
      let fieldLines = 0
      let close: number | undefined = 0
      for (;;) {
        close = text.indexOf('"', j)
        const limit = close === -1 ? n : close
        while (nextNewline !== -1 && nextNewline < limit && fieldLines <= MAX_FIELD_LINES) {
          fieldLines++
          nextNewline = text.indexOf('\n', nextNewline + 1)
        }
        if (close === -1 && fieldLines <= MAX_FIELD_LINES && n - q <= MAX_FIELD_CHARS) close = undefined
        if (close === undefined || close === -1 || fieldLines > MAX_FIELD_LINES || close - q > MAX_FIELD_CHARS) break
        if (text.charCodeAt(close + 1) === 34) {
          value += text.slice(chunk, close + 1)
          j = close + 2
          chunk = j
          continue
        }
        // a quote that spans lines must really end its field, else it was a stray quote
        if (fieldLines > 0) {
          let k = close + 1
          while (k < n && text.charCodeAt(k) === 32) k++
          if (k < n && text.charCodeAt(k) !== d && text.charCodeAt(k) !== 10) break
        }
        value += text.slice(chunk, close)
        j = close + 1
        closed = true
        break
      }
      if (!closed) {
        const naive = readNaive(text, pos, delimiter)
        // an unclosed quote within the field limits may yet close further on in a stream
        if (close === undefined) naive.open = true
        return naive
      }
      // anything between the closing quote and the delimiter stays part of the cell
      let k = j
      while (k < n) {
        const c = text.charCodeAt(k)
        if (c === d || c === 10) break
        k++
      }
      if (k > j) value += text.slice(j, k).trimEnd()
      cells.push(value)
      newlines += fieldLines
      i = k
    } else {
      let k = i
      while (k < n) {
        const c = text.charCodeAt(k)
        if (c === d || c === 10) break
        k++
      }
      let value = text.slice(i, k)
      // a field missing its opening quote ends with a stray one: NL77RABO0311467415"
      if (value.endsWith('"') && value.indexOf('"') === value.length - 1) value = value.slice(0, -1)
      cells.push(value)
      i = k
    }
    if (i >= n) return { cells, next: n, newlines, broken: false }
    if (text.charCodeAt(i) === 10) return { cells, next: i + 1, newlines, broken: false }
    i++ // the delimiter
    if (cells.length >= MAX_CELLS) {
      const eol = endOfLine(text, i)
      return { cells, next: eol + 1, newlines, broken: true }
    }
  }
}

/**
 * The record at `pos` of a text that may go on (a stream): null when it reaches the end of what
 * has arrived and more text could change it (unless `final`).
 */
export function readCsvRecordStep(text: string, pos: number, delimiter: string, final: boolean): RecordRead | null {
  const r = readRecord(text, pos, delimiter)
  if (final) return r
  const n = text.length
  if (r.open === true || r.next > n || (r.next === n && text.charCodeAt(n - 1) !== 10)) return null
  return r
}

export function offsetOfLine(text: string, lineIndex: number): number {
  let offset = 0
  for (let l = 0; l < lineIndex; l++) {
    const nl = text.indexOf('\n', offset)
    if (nl === -1) return text.length
    offset = nl + 1
  }
  return offset
}

/** Records from the physical line `skipLines` on, each with the 1-based line it starts on. */
export function readCsvRecords(
  text: string,
  delimiter: string,
  skipLines = 0,
  maxRecords = Number.POSITIVE_INFINITY,
): { records: CsvRecord[]; brokenLines: number[] } {
  const records: CsvRecord[] = []
  const brokenLines: number[] = []
  let offset = offsetOfLine(text, skipLines)
  let line = skipLines + 1
  while (offset < text.length && records.length < maxRecords) {
    const r = readRecord(text, offset, delimiter)
    records.push({ cells: r.cells, line })
    if (r.broken) brokenLines.push(line)
    line += 1 + r.newlines
    offset = r.next
  }
  return { records, brokenLines }
}

export function isBlankRecord(cells: string[]): boolean {
  return cells.every((c) => c.trim() === '')
}
