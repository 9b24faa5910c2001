// Tells which statement format a file is (OFX, QFX, QIF, CAMT or CSV) from its first bytes
// and, when the content alone cannot tell OFX from QFX, its file name.

import { assertNotBinary, decodeStatement } from './decode'
import { StatementError, type StatementFormat } from './types'

function extension(fileName: string | undefined): string {
  if (!fileName) return ''
  const dot = fileName.lastIndexOf('.')
  return dot === -1 ? '' : fileName.slice(dot + 1).toLowerCase()
}

function looksLikeDelimitedText(head: string): boolean {
  const lines = head.split('\n').filter((l) => l.trim() !== '').slice(0, 20)
  if (lines.length === 0) return false
  return lines.filter((l) => /[,;\t|]/.test(l)).length >= Math.ceil(lines.length / 2)
}

/** The format of a statement file, or null when it is none Kinwise reads. */
export function detectFormat(bytes: Uint8Array, fileName?: string): StatementFormat | null {
  try {
    assertNotBinary(bytes)
  } catch (error) {
    if (error instanceof StatementError) return null
    throw error
  }
  const ext = extension(fileName)
  const head = decodeStatement(bytes.subarray(0, 8192)).text
  const firstLines = head.replace(/^\s+/, '')

  if (/OFXHEADER\s*[:=]/i.test(head) || /<OFX[\s>]/i.test(head)) {
    if (ext === 'qfx' || ext === 'qbo') return 'qfx'
    if (ext === 'ofx') return 'ofx'
    return /<INTU\.BID>/i.test(head) ? 'qfx' : 'ofx'
  }
  if (/<(?:\w+:)?BkToCstmr(?:Stmt|AcctRpt|DbtCdtNtfctn)(?:V\d{2})?[\s>]/.test(head) || /urn:iso:std:iso:20022:tech:xsd:camt\.05[234]/.test(head)) {
    return 'camt'
  }
  // QIF: a !Type / !Account / !Option header, possibly after '#' comment lines
  const qifStart = firstLines
    .split('\n')
    .map((l) => l.trim())
    .find((l) => l !== '' && !l.startsWith('#'))
  if (qifStart && /^!(type|account|option|clear)\b/i.test(qifStart)) return 'qif'
  if (ext === 'qif' && /^[DTPMNL^!]/m.test(firstLines)) return 'qif'
  if (firstLines.startsWith('<')) return null
  if (ext === 'csv' || ext === 'txt' || ext === 'tsv' || looksLikeDelimitedText(head)) return 'csv'
  return null
}
