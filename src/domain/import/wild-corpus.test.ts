// The wild corpus: real statement files from public projects (wild/PROVENANCE.md says where each
// comes from, under which licence). Each is read and checked against the rows and sums worked out
// from the file by hand or with a one-off awk, never with our parsers.

import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { guessCsvMapping, parseStatement } from './parse'

const WILD = path.join(import.meta.dirname, 'wild')

type Expect = {
  format: string
  /** per account, in file order: its key, rows and the sum of its rows in cents */
  accounts: [key: string, rows: number, cents: number][]
  /** rows the file itself leaves out (pending entries), each said in a warning */
  skipped?: number
  /** a warning that must be there */
  warning?: RegExp
}

const EXPECTED: Record<string, Expect> = {
  'ofx/ofxparse_checking.ofx': { format: 'qfx', accounts: [['5472369148:1452687~7', 3, -5950]] },
  'ofx/ofxparse_fidelity-savings.ofx': {
    format: 'ofx',
    accounts: [['fidelity.com:X0000001', 4, -177840]],
    warning: /"\+00000000000115\.8331" has more decimals than cents; it was rounded to 115\.83/,
  },
  'ofx/ofxparse_multiple_accounts.ofx': { format: 'ofx', accounts: [['123:9100', 0, 0], ['123:9200', 0, 0]] },
  'ofx/ofxtools_stmtrs.ofx': { format: 'ofx', accounts: [['121099999:999988', 2, -50000]] },
  'ofx/ledger-autosync_comments.ofx': { format: 'qfx', accounts: [['5472369148:1452687~7', 2, 12345]] },
  'ofx/derived_ofxparse_checking_two_documents.ofx': {
    format: 'qfx',
    accounts: [['5472369148:1452687~7', 3, -5950], ['5472369148:1452687~8', 3, -5950]],
  },
  'ofx/derived_ofxparse_checking_trailing_nul.ofx': {
    format: 'qfx',
    accounts: [['5472369148:1452687~7', 3, -5950]],
    warning: /padding \(NUL or other control bytes\) after its last tag/,
  },
  'camt/genkgo_camt052.v1.xml': { format: 'camt', accounts: [['CH2801234000123456789', 1, -20000000]] },
  'camt/genkgo_camt052.v4.xml': { format: 'camt', accounts: [['CH2801234000123456789', 0, 0]], skipped: 1 },
  'camt/genkgo_camt052.v6.xml': { format: 'camt', accounts: [['CH2801234000123456789', 0, 0]], skipped: 1 },
  'camt/genkgo_camt052.v8.xml': { format: 'camt', accounts: [['CH2801234000123456789', 1, -20000000]] },
  'camt/genkgo_camt053.v2.five.decimals.xml': { format: 'camt', accounts: [['NL26VAYB8060476890', 1, 885]] },
  'camt/genkgo_camt053.v3.xml': { format: 'camt', accounts: [['NL26VAYB8060476890', 1, 885]] },
  'camt/genkgo_camt053.v4.xml': { format: 'camt', accounts: [['NL26VAYB8060476890', 1, 885]] },
  'camt/genkgo_camt054.v2.xml': { format: 'camt', accounts: [['CH2801234000123456789', 1, -20000000]] },
  'camt/genkgo_camt054.v4.xml': { format: 'camt', accounts: [['CH2801234000123456789', 1, -20000000]] },
  'camt/genkgo_camt054.v8.xml': { format: 'camt', accounts: [['CH2801234000123456789', 1, -20000000]] },
  'csv/bank2ynab_W80844_EBH_201945.202122.csv': { format: 'csv', accounts: [['csv', 2, 94000]] },
  'csv/bank2ynab_test_BOI_TransactionExport.csv': { format: 'csv', accounts: [['csv', 27, -41961]] },
  'csv/bank2ynab_2018-04-14_10-52-13_bunq-transactieoverzicht.csv': { format: 'csv', accounts: [['csv', 3, 72854]] },
  'csv/bank2ynab_20171001-20171106.csv': { format: 'csv', accounts: [['csv', 1, -5999]] },
  'csv/bank2ynab_MonzoDataExport_February2018_2018-02-26_174335.csv': { format: 'csv', accounts: [['csv', 1, -1000]] },
  'csv/bank2ynab_export_KBC-Mastercard_Business_Essential_20200204_1604.csv': { format: 'csv', accounts: [['csv', 3, 273]] },
}

const files = ['ofx', 'camt', 'csv'].flatMap((dir) => readdirSync(path.join(WILD, dir)).map((f) => `${dir}/${f}`))
const load = (name: string) => new Uint8Array(readFileSync(path.join(WILD, name)))

describe('the wild corpus', () => {
  it('has an expectation for every file and a file for every expectation', () => {
    expect(files.sort()).toEqual(Object.keys(EXPECTED).sort())
  })

  it.each(Object.entries(EXPECTED))('%s', (name, want) => {
    const result = parseStatement(load(name))
    expect(result.format).toBe(want.format)
    expect(result.errors).toEqual([])
    expect(result.accounts.map((a) => [a.key, a.transactions.length, a.transactions.reduce((s, t) => s + t.amount, 0)])).toEqual(want.accounts)
    const pending = result.warnings.filter((w) => /not booked yet/.test(w.message))
    expect(pending).toHaveLength(want.skipped ?? 0)
    if (want.warning) expect(result.warnings.map((w) => w.message).join('\n')).toMatch(want.warning)
  })

  it('guesses the Hungarian amount column and its dotted dates', () => {
    const guess = guessCsvMapping(load('csv/bank2ynab_W80844_EBH_201945.202122.csv'))
    expect(guess.mapping.dateFormat).toBe('YYYY.MM.DD.')
    expect(guess.headers[guess.mapping.columns.amount ?? -1]).toBe('Tranzakció összege')
  })
})
