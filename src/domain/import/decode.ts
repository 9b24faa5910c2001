// Turns the bytes of an uploaded statement into text: refuses binary files, honours byte-order
// marks, OFX CHARSET/ENCODING headers and XML encoding declarations, and falls back to a
// single-byte Windows code page when the bytes are not valid UTF-8.

import { StatementError } from './types'

export type DecodedText = {
  /** the text with its byte-order mark removed and every line ending turned into '\n' */
  text: string
  /** the WHATWG name of the encoding actually used */
  encoding: string
}

const SIGNATURES: { name: string; bytes: number[] }[] = [
  { name: 'a PNG image', bytes: [0x89, 0x50, 0x4e, 0x47] },
  { name: 'a JPEG image', bytes: [0xff, 0xd8, 0xff] },
  { name: 'a GIF image', bytes: [0x47, 0x49, 0x46, 0x38] },
  { name: 'a PDF document', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
  { name: 'a ZIP archive (or an Excel .xlsx workbook)', bytes: [0x50, 0x4b, 0x03, 0x04] },
  { name: 'an empty ZIP archive', bytes: [0x50, 0x4b, 0x05, 0x06] },
  { name: 'a gzip archive', bytes: [0x1f, 0x8b] },
  { name: 'an old Excel .xls workbook', bytes: [0xd0, 0xcf, 0x11, 0xe0] },
  { name: 'a 7-Zip archive', bytes: [0x37, 0x7a, 0xbc, 0xaf] },
  { name: 'a RAR archive', bytes: [0x52, 0x61, 0x72, 0x21] },
  { name: 'a program', bytes: [0x7f, 0x45, 0x4c, 0x46] },
]

function startsWith(bytes: Uint8Array, prefix: number[], offset = 0): boolean {
  if (bytes.length < offset + prefix.length) return false
  for (let i = 0; i < prefix.length; i++) if (bytes[offset + i] !== prefix[i]) return false
  return true
}

type Bom = { encoding: string; length: number }

function detectBom(bytes: Uint8Array): Bom | null {
  if (startsWith(bytes, [0xef, 0xbb, 0xbf])) return { encoding: 'utf-8', length: 3 }
  if (startsWith(bytes, [0xff, 0xfe])) return { encoding: 'utf-16le', length: 2 }
  if (startsWith(bytes, [0xfe, 0xff])) return { encoding: 'utf-16be', length: 2 }
  return null
}

/** UTF-16 without a byte-order mark shows up as ASCII with a NUL in every other byte. */
function sniffUtf16(bytes: Uint8Array): string | null {
  const n = Math.min(bytes.length, 512) & ~1
  if (n < 8) return null
  let evenNul = 0
  let oddNul = 0
  for (let i = 0; i < n; i += 2) {
    if (bytes[i] === 0) evenNul++
    if (bytes[i + 1] === 0) oddNul++
  }
  const pairs = n / 2
  if (oddNul > pairs * 0.9 && evenNul === 0) return 'utf-16le'
  if (evenNul > pairs * 0.9 && oddNul === 0) return 'utf-16be'
  return null
}

/**
 * How many bytes of padding (NULs, other control bytes, whitespace) follow the last closing tag of
 * a markup file ("</OFX>" then a NUL): 0 when there are none, or when what ends the file is text.
 */
export function trailingJunk(bytes: Uint8Array): number {
  let i = bytes.length
  let junk = false
  while (i > 0 && bytes.length - i < 4096) {
    const b = bytes[i - 1] ?? 0
    if (b >= 0x20 && b !== 0x7f) break
    if (b !== 0x09 && b !== 0x0a && b !== 0x0d && b !== 0x20) junk = true
    i--
  }
  return junk && i > 0 && bytes[i - 1] === 0x3e /* > */ ? bytes.length - i : 0
}

/** Throws StatementError for images, archives, documents and other binary files. */
export function assertNotBinary(whole: Uint8Array): void {
  if (whole.length === 0) throw new StatementError('The file is empty.')
  // padding after the closing tag is no sign of a binary file
  const bytes = whole.subarray(0, whole.length - trailingJunk(whole))
  for (const sig of SIGNATURES) {
    if (startsWith(bytes, sig.bytes)) {
      throw new StatementError(`This file is ${sig.name}, not a bank statement.`)
    }
  }
  if (detectBom(bytes)?.encoding.startsWith('utf-16') || sniffUtf16(bytes)) return
  const n = Math.min(bytes.length, 65_536)
  let control = 0
  for (let i = 0; i < n; i++) {
    const b = bytes[i] ?? 0
    if (b === 0) throw new StatementError('This file contains binary data (NUL bytes), not a bank statement.')
    if (b < 0x09 || (b > 0x0d && b < 0x20 && b !== 0x1a)) control++
  }
  if (control > 8 && control > n / 100) {
    throw new StatementError('This file contains binary data, not a bank statement.')
  }
}

/** Maps the charset names found in OFX headers and XML declarations to WHATWG labels. */
export function normalizeEncodingLabel(label: string | null | undefined): string | null {
  if (!label) return null
  const l = label.trim().toLowerCase().replace(/^["']|["']$/g, '')
  if (l === '' || l === 'none') return null
  if (l === 'usascii' || l === 'us-ascii' || l === 'ascii') return 'windows-1252'
  if (l === 'unicode' || l === 'utf8') return 'utf-8'
  if (/^\d{4}$/.test(l)) return `windows-${l}`
  if (/^8859-\d+$/.test(l)) return `iso-${l}`
  try {
    return new TextDecoder(l).encoding
  } catch {
    return null
  }
}

/**
 * The encoding a file declares about itself in its first bytes: an XML declaration, or the
 * ENCODING/CHARSET lines of an OFX 1.x header (ENCODING:UTF-8 wins over CHARSET).
 */
export function declaredEncoding(bytes: Uint8Array): string | null {
  const head = new TextDecoder('windows-1252').decode(bytes.subarray(0, 4096))
  const xml = /<\?xml[^>]*?encoding\s*=\s*["']([^"']{1,40})["']/i.exec(head)
  if (xml) return normalizeEncodingLabel(xml[1])
  const encodingLine = /(?:^|[\r\n])\s*ENCODING\s*:\s*([^\r\n<]{1,40})/i.exec(head)
  const charsetLine = /(?:^|[\r\n])\s*CHARSET\s*:\s*([^\r\n<]{1,40})/i.exec(head)
  const encoding = normalizeEncodingLabel(encodingLine?.[1])
  if (encoding === 'utf-8') return 'utf-8'
  const charset = normalizeEncodingLabel(charsetLine?.[1])
  return charset ?? encoding
}

function tryUtf8(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder('utf-8', { fatal: true, ignoreBOM: true }).decode(bytes)
  } catch {
    return null
  }
}

function hasNonAscii(text: string): boolean {
  return /[\u0080-\uffff]/.test(text)
}

// Bytes that are common letters in Czech, Slovak, Polish or Hungarian under windows-1250
// but rare accented letters or symbols under windows-1252 (ě ř ů ň ď ť Č Ř Ě Ů ł ą ś ż ź…),
// and the opposite: common Western letters that are rare under windows-1250 (à ã å æ ñ õ û…).
const CENTRAL_EUROPEAN = new Set([
  0xec, 0xf8, 0xf9, 0xf2, 0xef, 0xc8, 0xd8, 0xcc, 0xd9, 0xd2, 0xcf, 0x8d, 0x9d, 0x8f, 0xb3, 0xb9, 0xa5, 0x9c, 0x8c, 0xbf, 0x9f,
])
const WESTERN = new Set([0xe0, 0xe3, 0xe5, 0xe6, 0xf1, 0xf5, 0xfb, 0xc0, 0xc3, 0xc5, 0xc6, 0xd1, 0xd5, 0xdb, 0xa3])

/** windows-1250 when the high bytes look like Central European text, else windows-1252. */
export function guessSingleByteEncoding(bytes: Uint8Array): string {
  let central = 0
  let western = 0
  const n = Math.min(bytes.length, 1_000_000)
  for (let i = 0; i < n; i++) {
    const b = bytes[i] ?? 0
    if (b < 0x80) continue
    if (CENTRAL_EUROPEAN.has(b)) central++
    else if (WESTERN.has(b)) western++
  }
  return central >= 2 && central > western * 2 ? 'windows-1250' : 'windows-1252'
}

/** '\r\n', '\r\r\n' and a lone '\r' all become '\n'. */
export function normalizeNewlines(text: string): string {
  return text.indexOf('\r') === -1 ? text : text.replace(/\r*\n|\r/g, '\n')
}

// windows-1252 bytes 0x80–0x9F (€ ‚ ƒ „ … † ‡ ˆ ‰ Š ‹ Œ Ž ‘ ’ “ ” • – — ˜ ™ š › œ ž Ÿ); 0 = unassigned
const CP1252_HIGH = [
  0x20ac, 0, 0x201a, 0x0192, 0x201e, 0x2026, 0x2020, 0x2021, 0x02c6, 0x2030, 0x0160, 0x2039, 0x0152, 0, 0x017d, 0,
  0, 0x2018, 0x2019, 0x201c, 0x201d, 0x2022, 0x2013, 0x2014, 0x02dc, 0x2122, 0x0161, 0x203a, 0x0153, 0, 0x017e, 0x0178,
]

function decodeWith(bytes: Uint8Array, encoding: string): string {
  const text = new TextDecoder(encoding, { ignoreBOM: true }).decode(bytes)
  if (encoding !== 'windows-1252') return text
  // Node 20's TextDecoder decodes 'windows-1252' as ISO-8859-1, leaving 0x80–0x9F as C1
  // control characters (so € and ™ vanish); map them as the WHATWG Encoding Standard says.
  return text.replace(/[\u0080-\u009f]/g, (c) => {
    const mapped = CP1252_HIGH[c.charCodeAt(0) - 0x80] ?? 0
    return mapped === 0 ? c : String.fromCharCode(mapped)
  })
}

/** A byte-order mark or BOM-less UTF-16 at the start: the encoding, and the mark's length to skip. */
export function sniffEncodingStart(head: Uint8Array): { encoding: string; skip: number } | null {
  const bom = detectBom(head)
  if (bom) return { encoding: bom.encoding, skip: bom.length }
  const utf16 = sniffUtf16(head)
  return utf16 ? { encoding: utf16, skip: 0 } : null
}

/**
 * Decodes statement bytes. `forced` (a CSV mapping's encoding) wins over everything but a
 * byte-order mark; then the file's own declaration; then UTF-8 when the bytes are valid
 * UTF-8; then a Windows code page.
 */
export function decodeStatement(bytes: Uint8Array, forced?: string | null): DecodedText {
  const bom = detectBom(bytes)
  if (bom) {
    return { text: normalizeNewlines(decodeWith(bytes.subarray(bom.length), bom.encoding)), encoding: bom.encoding }
  }
  const utf16 = sniffUtf16(bytes)
  if (utf16) return { text: normalizeNewlines(decodeWith(bytes, utf16)), encoding: utf16 }

  const forcedLabel = normalizeEncodingLabel(forced)
  if (forcedLabel) return { text: normalizeNewlines(decodeWith(bytes, forcedLabel)), encoding: forcedLabel }

  const declared = declaredEncoding(bytes)
  if (declared && declared !== 'utf-8' && !declared.startsWith('utf-16')) {
    // Banks often declare CHARSET:1252 or USASCII and then send UTF-8: multi-byte sequences that
    // are valid UTF-8 almost never happen by chance in single-byte text, so trust the bytes.
    // (Pure ASCII decodes the same either way.)
    const utf8 = tryUtf8(bytes)
    if (utf8 !== null) return { text: normalizeNewlines(utf8), encoding: hasNonAscii(utf8) ? 'utf-8' : declared }
    return { text: normalizeNewlines(decodeWith(bytes, declared)), encoding: declared }
  }
  const utf8 = tryUtf8(bytes)
  if (utf8 !== null) return { text: normalizeNewlines(utf8), encoding: 'utf-8' }
  const fallback = guessSingleByteEncoding(bytes)
  return { text: normalizeNewlines(decodeWith(bytes, fallback)), encoding: fallback }
}
