// Format detection and byte decoding (BOMs, declared charsets, fallbacks).

import { describe, expect, it } from 'vitest'
import { declaredEncoding, decodeStatement, guessSingleByteEncoding } from './decode'
import { detectFormat } from './parse'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

describe('detectFormat', () => {
  it.each([
    ['OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><SIGNONMSGSRSV1>', undefined, 'ofx'],
    ['<OFX>\n<SIGNONMSGSRSV1>', undefined, 'ofx'],
    ['<?xml version="1.0"?><?OFX OFXHEADER="200"?><OFX><SONRS><INTU.BID>1</INTU.BID>', undefined, 'qfx'],
    ['OFXHEADER:100\n\n<OFX>', 'export.QFX', 'qfx'],
    ['OFXHEADER:100\n\n<OFX><INTU.BID>1', 'export.ofx', 'ofx'],
    ['<?xml version="1.0"?><Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>', undefined, 'camt'],
    ['<Document><BkToCstmrDbtCdtNtfctn>', 'notification', 'camt'],
    ['!Type:Bank\nD1/1/2024\nT-1\n^', undefined, 'qif'],
    ['# comment\n!Option:AutoSwitch\n!Account\nNA\n^', undefined, 'qif'],
    ['  \n!type:ccard\n', undefined, 'qif'],
    ['Date,Amount\n2024-01-01,-1', undefined, 'csv'],
    ['Datum;Betrag\n01.01.2024;-1,00', undefined, 'csv'],
    ['anything', 'bank.csv', 'csv'],
    ['just some words', undefined, null],
    ['<html><body>not a statement</body></html>', undefined, null],
  ])('%j (%s) → %s', (text, fileName, format) => {
    expect(detectFormat(utf8(text), fileName)).toBe(format)
  })

  it('says null for binary files and empty files', () => {
    expect(detectFormat(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0]))).toBeNull()
    expect(detectFormat(new Uint8Array([]))).toBeNull()
  })
})

describe('decodeStatement', () => {
  it('honours UTF-8 and UTF-16 byte-order marks', () => {
    expect(decodeStatement(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('Zürich')]))).toEqual({ text: 'Zürich', encoding: 'utf-8' })
    const le = new Uint8Array([0xff, 0xfe, 0x5a, 0, 0xfc, 0, 0x72, 0])
    expect(decodeStatement(le)).toEqual({ text: 'Zür', encoding: 'utf-16le' })
    const be = new Uint8Array([0xfe, 0xff, 0, 0x5a, 0, 0xfc, 0, 0x72])
    expect(decodeStatement(be)).toEqual({ text: 'Zür', encoding: 'utf-16be' })
  })

  it('reads UTF-16 without a byte-order mark', () => {
    const bytes = new Uint8Array([...'Date,Amount\n'].flatMap((c) => [c.charCodeAt(0), 0]))
    expect(decodeStatement(bytes).text).toBe('Date,Amount\n')
  })

  it('falls back to windows-1252 (with € and ™) when the bytes are not UTF-8', () => {
    expect(decodeStatement(new Uint8Array([0x80, 0x20, 0x99, 0x20, 0xe9]))).toEqual({ text: '€ ™ é', encoding: 'windows-1252' })
  })

  it('guesses windows-1250 for Central European text', () => {
    // "Měna účtu; Původní částka"
    const bytes = new Uint8Array([0x4d, 0xec, 0x6e, 0x61, 0x20, 0xfa, 0xe8, 0x74, 0x75, 0x3b, 0x50, 0xf9, 0x76, 0x6f, 0x64, 0x6e, 0xed, 0x20, 0xe8, 0xe1, 0x73, 0x74, 0x6b, 0x61])
    expect(guessSingleByteEncoding(bytes)).toBe('windows-1250')
    expect(decodeStatement(bytes).text).toBe('Měna účtu;Původní částka')
    expect(guessSingleByteEncoding(new Uint8Array([0x63, 0x61, 0x66, 0xe9, 0x20, 0xa3, 0x35]))).toBe('windows-1252')
  })

  it('reads the OFX header and the XML declaration', () => {
    expect(declaredEncoding(utf8('OFXHEADER:100\r\nENCODING:USASCII\r\nCHARSET:1252\r\n'))).toBe('windows-1252')
    expect(declaredEncoding(utf8('OFXHEADER:100\nENCODING:UTF-8\nCHARSET:NONE\n'))).toBe('utf-8')
    expect(declaredEncoding(utf8('OFXHEADER:100\nENCODING:USASCII\nCHARSET:ISO-8859-1\n'))).toBe('windows-1252')
    expect(declaredEncoding(utf8('<?xml version="1.0" encoding="ISO-8859-2"?>'))).toBe('iso-8859-2')
    expect(declaredEncoding(utf8("<?xml version='1.0' encoding='windows-1250'?>"))).toBe('windows-1250')
    expect(declaredEncoding(utf8('<Document>'))).toBeNull()
  })

  it('decodes a declared single-byte charset, but trusts valid UTF-8 bytes over it', () => {
    const latin = new Uint8Array([...utf8('<?xml version="1.0" encoding="ISO-8859-2"?><a>'), 0xe8, ...utf8('</a>')])
    expect(decodeStatement(latin).text).toBe('<?xml version="1.0" encoding="ISO-8859-2"?><a>č</a>')
    expect(decodeStatement(utf8('CHARSET:1252\n<NAME>Café')).text).toBe('CHARSET:1252\n<NAME>Café')
  })

  it('turns CR LF, CR CR LF and lone CR into LF', () => {
    expect(decodeStatement(utf8('a\r\nb\r\r\nc\rd\n')).text).toBe('a\nb\nc\nd\n')
  })

  it('uses a forced encoding (a CSV mapping) over its own guess', () => {
    expect(decodeStatement(new Uint8Array([0xe8]), 'windows-1250').text).toBe('č')
    expect(decodeStatement(new Uint8Array([0xe8]), 'not-a-charset').text).toBe('è')
  })
})
