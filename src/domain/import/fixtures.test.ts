// Every real bank file in shared/fixtures/statements must parse, with the values its
// EXPECTED.json records and the quirks its PROVENANCE.md describes handled.

import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseDecimalToCents, type Cents } from '../money'
import { parseAmountGuessingSeparator } from './common'
import { decodeStatement } from './decode'
import { detectFormat, guessCsvMapping, guessQifDateOrder, parseStatement } from './parse'
import type { ParseResult, ParsedAccount, ParsedTransaction, StatementFormat } from './types'

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements')
const present = existsSync(FIXTURES)

/** A describe block that is skipped, saying why, when the fixtures folder is not there. */
function fixtureSuite(name: string, body: () => void): void {
  if (present) describe(name, body)
  else describe.skip(`${name} (skipped: the statement fixtures are not present at ${FIXTURES})`, body)
}

function load(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)))
}

function parse(name: string): ParseResult {
  return parseStatement(load(name))
}

function cents(text: string): Cents {
  const value = parseDecimalToCents(text)
  if (value === null) throw new Error(`bad amount in test: ${text}`)
  return value
}

function only(result: ParseResult): ParsedAccount {
  expect(result.accounts).toHaveLength(1)
  const account = result.accounts[0]
  if (!account) throw new Error('no account')
  return account
}

function tx(account: ParsedAccount, index: number): ParsedTransaction {
  const t = account.transactions[index]
  if (!t) throw new Error(`no transaction ${String(index)}`)
  return t
}

function sum(account: ParsedAccount): number {
  return account.transactions.reduce((s, t) => s + t.amount, 0)
}

const allFiles = present
  ? ['ofx', 'qfx', 'qif', 'csv', 'camt'].flatMap((dir) => readdirSync(path.join(FIXTURES, dir)).map((f) => `${dir}/${f}`))
  : []

type Expected = Record<string, { source_stated?: Record<string, unknown>; verified_from_file?: Record<string, unknown> }>

const expected: Expected = present ? (JSON.parse(readFileSync(path.join(FIXTURES, 'EXPECTED.json'), 'utf8')) as Expected) : {}

const FORMAT_BY_DIR: Record<string, StatementFormat[]> = {
  ofx: ['ofx', 'qfx'],
  qfx: ['qfx', 'ofx'],
  qif: ['qif'],
  csv: ['csv'],
  camt: ['camt'],
}

fixtureSuite('statement fixtures', () => {
  it('finds the fixture files', () => {
    expect(allFiles.length).toBeGreaterThanOrEqual(40)
  })

  describe.each(allFiles)('%s', (file) => {
    it('is detected, parses without errors, and every transaction is well formed', () => {
      const dir = file.split('/')[0] ?? ''
      const bytes = load(file)
      const format = detectFormat(bytes, path.basename(file))
      expect(FORMAT_BY_DIR[dir]).toContain(format)
      const result = parseStatement(bytes)
      expect(FORMAT_BY_DIR[dir]).toContain(result.format)
      expect(result.errors).toEqual([])
      expect(result.accounts.length).toBeGreaterThan(0)
      for (const account of result.accounts) {
        expect(account.numberLast4 === null || account.numberLast4.length <= 4).toBe(true)
        expect(account.name).not.toMatch(/\d{5,}/)
        for (const t of account.transactions) {
          expect(t.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
          expect(Number.isSafeInteger(t.amount)).toBe(true)
          expect(t.line).toBeGreaterThan(0)
          expect(t.payee).toBe(t.payee.trim())
          expect(t.payee).not.toMatch(/\s{2}/)
        }
      }
    })

    it('has the currency, balances, first amount and account number EXPECTED.json records', () => {
      const e = expected[file]
      const v = e?.verified_from_file ?? {}
      const s = e?.source_stated ?? {}
      const result = parse(file)
      const first = result.accounts[0]
      if (!first) throw new Error('no account')
      const currency = v['currency']
      if (typeof currency === 'string') expect(result.accounts.map((a) => a.currency)).toEqual(result.accounts.map(() => currency))
      if (Array.isArray(currency)) expect(result.accounts.map((a) => a.currency)).toEqual(currency)
      const amountOf = (raw: unknown): Cents | null | undefined => {
        if (typeof raw !== 'string') return undefined
        const value = raw.replace(/\s*\(.*\)\s*$/, '').trim()
        if (value === '') return null
        return parseAmountGuessingSeparator(value.replace(/[£$]/g, ''))
      }
      const ledger = amountOf(v['ledger_balance'])
      if (ledger !== undefined) expect(first.ledgerBalance?.amount ?? null).toBe(ledger)
      const available = amountOf(v['available_balance'])
      if (available !== undefined) expect(first.availableBalance?.amount ?? null).toBe(available)
      const ledgers = v['ledger_balances']
      if (Array.isArray(ledgers)) expect(result.accounts.map((a) => a.ledgerBalance?.amount)).toEqual(ledgers.map((l) => amountOf(l)))
      const firstTx = (v['first_transaction'] ?? s['first_transaction']) as Record<string, unknown> | undefined
      const firstAmount = amountOf(firstTx?.['amount'])
      if (firstAmount !== undefined && firstAmount !== null) expect(first.transactions[0]?.amount).toBe(firstAmount)
      const dtposted = firstTx?.['dtposted']
      if (typeof dtposted === 'string') expect(first.transactions[0]?.date.replace(/-/g, '')).toBe(dtposted.slice(0, 8))
      // source_stated.account is an IBAN for CAMT files but a ledger account name elsewhere
      const iban = typeof s['account'] === 'string' && /^[A-Z]{2}\d{2}[A-Z0-9]{8,}$/.test(s['account']) ? s['account'] : undefined
      const number = [s['account_number'], v['acctid'], iban].find((n): n is string => typeof n === 'string')
      if (number !== undefined) expect(first.numberLast4).toBe(number.replace(/[^A-Za-z0-9]/g, '').slice(-4))
    })

    it('has the transaction count EXPECTED.json records', () => {
      const e = expected[file]
      const v = e?.verified_from_file ?? {}
      const s = e?.source_stated ?? {}
      // a CAMT entry that batches several transaction details comes as those details: the
      // count is theirs (the source's own count first), and an entry count is a floor
      const count = [v['transaction_count'], s['transaction_count'], v['txdtls_count'], v['posted_rows'], s['bank_transaction_count']].find(
        (c): c is number => typeof c === 'number',
      )
      const floor = typeof v['entry_count'] === 'number' ? v['entry_count'] : undefined
      if (count === undefined && floor !== undefined) {
        expect(parse(file).accounts.reduce((n, a) => n + a.transactions.length, 0)).toBeGreaterThanOrEqual(floor)
      }
      if (count === undefined) return
      const result = parse(file)
      // an investment statement's entries are activities (a reinvestment gives two: income and a buy)
      const entries = typeof s['bank_transaction_count'] === 'number' ? 0 : result.accounts.reduce((n, a) => n + (a.activities ?? []).filter((x) => !x.externalId.endsWith(':reinvest')).length, 0)
      const total = result.accounts.reduce((n, a) => n + a.transactions.length, 0)
      expect(total + entries).toBe(count)
    })
  })
})

fixtureSuite('OFX fixtures', () => {
  it('bank_medium: OFX 1.02 SGML, [-5:EST] dates, balances', () => {
    const a = only(parse('ofx/ofxparse_bank_medium.ofx'))
    expect(a).toMatchObject({
      key: '160000100:12300 000012345678',
      name: 'Checking ••5678',
      numberLast4: '5678',
      type: 'checking',
      currency: 'CAD',
      ledgerBalance: { amount: cents('382.34'), date: '2009-05-23' },
      availableBalance: { amount: cents('682.34'), date: '2009-05-23' },
    })
    expect(a.transactions).toHaveLength(3)
    expect(tx(a, 0)).toMatchObject({
      date: '2009-04-01',
      amount: cents('-6.60'),
      payee: "MCDONALD'S #112",
      memo: "POS MERCHANDISE;MCDONALD'S #112",
      externalId: '0000123456782009040100001',
    })
  })

  it('anzcc: OFX 2 header over SGML body, MEMO without NAME, ledger/available signs differ', () => {
    const a = only(parse('ofx/ofxparse_anzcc.ofx'))
    expect(a).toMatchObject({ type: 'credit_card', currency: 'AUD', numberLast4: '1234' })
    expect(a.ledgerBalance?.amount).toBe(cents('-123.45'))
    expect(a.availableBalance?.amount).toBe(cents('123.45'))
    expect(tx(a, 0)).toMatchObject({ date: '2017-05-08', amount: cents('-5.50'), memo: 'SOME MEMO', payee: 'SOME MEMO', externalId: '201705080001' })
  })

  it('multiple_accounts2: two statements, two accounts, balances only', () => {
    const r = parse('ofx/ofxparse_multiple_accounts2.ofx')
    expect(r.accounts.map((a) => [a.numberLast4, a.type, a.currency, a.ledgerBalance?.amount, a.transactions.length])).toEqual([
      ['9100', 'checking', 'USD', cents('111'), 0],
      ['9200', 'savings', 'USD', cents('222'), 0],
    ])
  })

  it('suncorp: CDATA names with trailing spaces, CRLF, us-ascii', () => {
    const a = only(parse('ofx/ofxparse_suncorp.ofx'))
    expect(tx(a, 0)).toMatchObject({
      payee: 'EFTPOS WDL HANDYWAY ALDI STORE',
      memo: 'EFTPOS WDL HANDYWAY ALDI STORE GEELONG WEST VICAU',
      amount: cents('-16.85'),
      date: '2013-12-15',
      externalId: '1',
    })
    expect(a.ledgerBalance).toEqual({ amount: cents('1234.12'), date: '2013-12-15' })
    expect(a.availableBalance).toEqual({ amount: cents('1234.12'), date: '2013-12-15' })
  })

  it('v102 empty tags: leading blank lines, empty CURDEF/FITID/NAME/BALAMT, mixed-case TRNTYPE', () => {
    const r = parse('ofx/ofxparse_ofx-v102-empty-tags.ofx')
    const a = only(r)
    expect(a).toMatchObject({ key: 'NPBS:12345678', currency: null, ledgerBalance: null, numberLast4: '5678' })
    expect(tx(a, 0)).toMatchObject({ date: '2018-05-07', amount: cents('12.34'), memo: 'CBA:Transfer', externalId: null })
    expect(r.warnings.some((w) => /currency/i.test(w.message))).toBe(true)
  })

  it('vanguard: CR CR LF investment statement: the SELLMF of 42.123 units at 100 for 4212.30, 2 positions, 2 securities of one id', () => {
    const r = parse('ofx/ofxparse_vanguard.ofx')
    const a = only(r)
    expect(a).toMatchObject({ type: 'investment', key: 'vanguard.com:01234567890', currency: 'USD', transactions: [] })
    expect(a.activities).toEqual([
      {
        line: expect.any(Number),
        externalId: '01234567890.0123.07152011.0',
        type: 'sell',
        date: '2011-07-15',
        symbol: 'VFINX',
        quantity: 4_212_300_000,
        price: 10_000_000_000,
        amount: cents('4212.30'),
        fees: 0,
        ratio: null,
        costBasis: null,
        memo: 'THIS IS A MEMO',
      },
    ])
    expect(a.positions?.map((p) => [p.symbol, p.date, p.quantity, p.price, p.marketValue])).toEqual([
      ['VFINX', '2011-07-26', 10_200_000_000, 10_000_000_000, cents('10200')],
      ['VFINX', '2011-07-26', 14_220_000_000, 10_042_000_000, cents('14279.72')],
    ])
    // both SECINFOs carry the id 012345678: the first (VFINX) names it, and the file is told of
    expect(r.investments?.securities.map((s) => [s.symbol, s.name, s.kind, s.uniqueId])).toEqual([['VFINX', 'Name of the security', 'fund', '012345678']])
    expect(r.warnings.some((w) => /VFIAX has the same id/.test(w.message))).toBe(true)
    // one price a day per security: the first position's
    expect(r.investments?.prices).toEqual([
      { symbol: 'VFINX', date: '2011-07-26', price: 10_000_000_000 },
      { symbol: 'VFINX', date: '2011-07-15', price: 10_000_000_000 },
    ])
  })

  it('nubank: credit card, [-3:GMT], no </BANKTRANLIST>, amounts sum to the ledger balance', () => {
    const a = only(parse('ofx/ofxtools_br_nubank_cc.ofx'))
    expect(a).toMatchObject({ type: 'credit_card', currency: 'BRL', numberLast4: '1111' })
    expect(a.transactions).toHaveLength(6)
    expect(tx(a, 0)).toMatchObject({ date: '2024-03-23', amount: cents('-13.00'), memo: '-memo-message-', externalId: '11111111-UUID-4747-8883-111111111111' })
    expect(a.ledgerBalance).toEqual({ amount: cents('-1280.91'), date: '2024-03-25' })
    expect(sum(a)).toBe(cents('-1280.91'))
  })

  it('euro: decimal-comma amounts and balances, 12-digit DTASOF, CHECKNUM', () => {
    const a = only(parse('ofx/ofxtools_stmtrs_euro.ofx'))
    expect(a.currency).toBe('USD')
    expect(a.transactions.map((t) => [t.date, t.amount, t.externalId, t.checkNumber])).toEqual([
      ['2005-10-04', cents('-200'), '00002', '1000'],
      ['2005-10-20', cents('-300'), '00003', null],
    ])
    expect(a.ledgerBalance).toEqual({ amount: cents('200.29'), date: '2005-10-29' })
    expect(a.availableBalance).toEqual({ amount: cents('200.29'), date: '2005-10-29' })
  })

  it('latin1: CHARSET:1252 with a raw 0xE0 byte, ACCTID with "~"', () => {
    const a = only(parse('ofx/ledger-autosync_accented_characters_latin1.ofx'))
    expect(tx(a, 0)).toMatchObject({ payee: 'Virement Interac à: Jean', amount: cents('-58.73'), date: '2014-09-20', externalId: '201409206' })
    expect(a).toMatchObject({ currency: 'USD', numberLast4: '6877' })
    expect(a.ledgerBalance?.amount).toBe(cents('100.99'))
    expect(a.availableBalance?.amount).toBe(cents('75.99'))
  })

  it('amex: whole body on one line, proprietary tags, amounts like -42.4 and -7', () => {
    const a = only(parse('ofx/beangulp_amex_ofxdownload.ofx'))
    expect(a).toMatchObject({ type: 'credit_card', currency: 'USD', numberLast4: '1222' })
    expect(a.transactions).toHaveLength(12)
    expect(tx(a, 0)).toMatchObject({
      date: '2013-12-01',
      amount: cents('-9.99'),
      payee: 'SPOTIFY USA 28770130901',
      memo: '2600720879 WWW.SPOTIFY.COM',
      externalId: '320133350353869664',
    })
    expect(tx(a, 11)).toMatchObject({ date: '2013-12-16', amount: cents('-7'), payee: 'LES CAFES 400 LAFAYENEW YORK' })
    expect(a.transactions.some((t) => t.amount === cents('-42.40'))).toBe(true)
    expect(a.ledgerBalance).toEqual({ amount: cents('-2356.38'), date: '2013-12-18' })
  })

  it('n26 (ofxstatement): header inside a comment, XML-style empty elements', () => {
    const a = only(parse('ofx/reds_ofxstatementGenerated.n26.ofx'))
    expect(a).toMatchObject({ currency: 'EUR', ledgerBalance: null })
    expect(tx(a, 0)).toMatchObject({ date: '2025-05-03', payee: 'name', amount: cents('-1.50'), externalId: 'fitid' })
  })
})

fixtureSuite('QFX fixtures', () => {
  it('ally: no header, values on the next line, duplicated </BANKTRANLIST>, shared FITID', () => {
    const r = parse('qfx/reds_ally_transactions.qfx')
    const a = only(r)
    expect(a.transactions.map((t) => [t.date, t.payee, t.amount])).toEqual([
      ['2019-01-09', 'Transfer to savings account', cents('-55.00')],
      ['2019-01-09', 'Check 23400', cents('-1000')],
    ])
    expect(a.transactions.map((t) => t.externalId)).toEqual(['21302970191741', '21302970191741#2'])
    expect(r.warnings.some((w) => w.message.includes('21302970191741'))).toBe(true)
    expect(a.ledgerBalance).toEqual({ amount: cents('150.65'), date: '2015-01-01' })
  })

  it('capital one: OFX 2 PI without <?xml?>, invalid minute in DTSERVER, newest first, MEMO only', () => {
    const a = only(parse('qfx/reds_capitalone_360Checking.qfx'))
    const rows = a.transactions.map((t) => [t.date, t.payee, t.amount]).sort((x, y) => String(x[0]).localeCompare(String(y[0])))
    expect(rows).toEqual([
      ['2023-01-12', 'Deposit from BEAN COUNTERS PAYROLL', cents('444.55')],
      ['2023-01-17', 'Withdrawal from AMERICAN EXPRESS ACH PMT', cents('-100')],
      ['2023-01-19', 'Deposit from BEAN COUNTERS PAYROLL', cents('888.99')],
      ['2023-02-28', 'Monthly Interest Paid', cents('0.01')],
    ])
    expect(tx(a, 0).externalId).toBe('202302283828')
    expect(a).toMatchObject({ currency: 'USD', numberLast4: '9876', ledgerBalance: { amount: cents('4321.98'), date: '2023-03-10' } })
  })

  it('etrade: the buys (VISA 5.55 @ 242.21 for 1344.27, TSM 0.76817 @ 107.1895), TSM dividend 104.23, foreign tax 21.89, prices, cash', () => {
    const r = parse('qfx/reds_etrade_09092023.qfx')
    const a = only(r)
    expect(a).toMatchObject({ type: 'investment', transactions: [] })
    expect(a.activities?.map((x) => [x.externalId, x.type, x.date, x.symbol, x.quantity, x.price, x.amount, x.fees])).toEqual([
      ['230714_B_0', 'buy', '2023-07-14', 'TSM', 76_817_000, 10_718_950_000, cents('82.34'), 0],
      ['230714_DIV_0', 'fee', '2023-07-14', 'TSM', null, null, cents('21.89'), 0],
      ['230714_DIV_1', 'dividend', '2023-07-14', 'TSM', null, null, cents('104.23'), 0],
      ['230712_B_0', 'buy', '2023-07-12', 'V', 555_000_000, 24_221_000_000, cents('1344.27'), 0],
    ])
    // the cash each entry moved is the file's TOTAL: buys −1344.27 and −82.34, +104.23, −21.89
    expect(r.investments?.securities.map((s) => [s.symbol, s.name, s.kind, s.currency, s.uniqueId])).toEqual([
      ['TSM', 'TAIWAN SEMICONDUCTOR MFG LTD SPONSORED ADS', 'stock', 'USD', '874039100'],
      ['V', 'VISA INC COM CL A', 'stock', 'USD', '92826C839'],
    ])
    expect(a.positions?.map((p) => [p.symbol, p.quantity, p.price])).toEqual([
      ['TSM', 5_555_000_000, 8_964_000_000],
      ['V', 50_000_000_000, 24_729_000_000],
    ])
    // source-stated prices of 2023-09-08: TSM 89.64, VISA 247.29
    expect(r.investments?.prices.filter((p) => p.date === '2023-09-08')).toEqual([
      { symbol: 'TSM', date: '2023-09-08', price: 8_964_000_000 },
      { symbol: 'V', date: '2023-09-08', price: 24_729_000_000 },
    ])
    expect(a.availableBalance?.amount).toBe(cents('555.55'))
    expect(r.errors).toEqual([])
  })

  it('beangulp 401(k): 12 BUYMF, 4 TRANSFER, 2 REINVEST (income + buy each), 2 positions, leading-zero numbers', () => {
    const r = parse('qfx/beangulp_example.qfx')
    const a = only(r)
    const acts = a.activities ?? []
    const count = (type: string) => acts.filter((x) => x.type === type).length
    expect(acts).toHaveLength(20)
    expect(count('buy')).toBe(14)
    expect(count('dividend')).toBe(2)
    expect(count('transfer_in') + count('transfer_out')).toBe(4)
    expect(acts[0]).toMatchObject({ externalId: '9330189228209212249188631VCB', date: '2013-08-30', type: 'buy', quantity: 3_434_341_000, price: 1_179_000_000, amount: cents('175.63') })
    // a reinvestment: the dividend, then the same money buying shares, under two ids
    const reinvest = acts.filter((x) => x.externalId.startsWith('0165393227021112149898978YQB'))
    expect(reinvest.map((x) => [x.type, x.amount, x.quantity])).toEqual([
      ['dividend', cents('36.13'), null],
      ['buy', cents('36.13'), 30_000_000],
    ])
    expect(a.positions?.map((p) => p.quantity)).toEqual([21_146_700_000, 7_360_700_000])
    expect(acts.some((x) => x.amount === cents('74.49'))).toBe(true)
    expect(r.errors).toEqual([])
  })
})

fixtureSuite('QIF fixtures', () => {
  const threeRecords = [
    ['2010-01-01', cents('-10'), 'Debit'],
    ['2010-06-01', cents('-20'), 'Debit'],
    ['2010-12-29', cents('30'), 'Credit'],
  ]

  it.each([
    ['qif/jemmyw_3_records_ddmmyy.qif', 'dmy'],
    ['qif/jemmyw_3_records_mmddyy_crlf.qif', 'mdy'],
    ['qif/jemmyw_3_records_mmddyyyy.qif', 'mdy'],
  ])('%s: guessed date order %s and the three records', (file, order) => {
    expect(guessQifDateOrder(load(file))).toBe(order)
    const a = only(parse(file))
    expect(a.transactions.map((t) => [t.date, t.amount, t.category])).toEqual(threeRecords)
    expect(a.transactions.every((t) => t.payee === 'Description' && t.memo === 'Reference')).toBe(true)
  })

  it('normalTransactions: D6/ 1/94, T-1,000.00, check number, splits, transfer, address lines', () => {
    const a = only(parse('qif/qif2json_normalTransactions.qif'))
    expect(a.transactions).toHaveLength(3)
    expect(tx(a, 0)).toMatchObject({
      date: '1994-06-01',
      amount: cents('-1000'),
      checkNumber: '1005',
      payee: 'Bank Of Mortgage',
      transferAccount: 'linda',
      category: null,
      splits: [
        { category: '[linda]', amount: cents('-253.64'), memo: '' },
        { category: 'Mort Int', amount: cents('-746.36'), memo: '' },
      ],
    })
    expect(tx(a, 1)).toMatchObject({ date: '1994-06-02', amount: cents('75'), payee: 'Deposit' })
    expect(tx(a, 2)).toMatchObject({ date: '1994-06-03', amount: cents('-10'), payee: 'JoBob Biggs', memo: 'J.B. gets bucks', category: 'Entertain' })
  })

  it.each(['qif/qif2json_utf8_bom.qif', 'qif/qif2json_windows-1252.qif'])('%s: £$™€ survive, last record without ^ or newline counts', (file) => {
    const a = only(parse(file))
    expect(a.transactions).toHaveLength(1)
    expect(tx(a, 0)).toMatchObject({ payee: 'SOME £$™€ CHARACTERS', amount: cents('-379'), date: '2010-03-03' })
  })

  it('qifparse: lists skipped, !Account blocks, Cash account with a split, Invst account skipped', () => {
    const r = parse('qif/qifparse_file.qif')
    expect(guessQifDateOrder(load('qif/qifparse_file.qif'))).toBe('dmy')
    expect(r.accounts.map((a) => [a.name, a.type, a.transactions.length])).toEqual([
      ['My Cash', 'cash', 3],
      ['My Cc', 'investment', 1],
    ])
    const cash = r.accounts[0]
    if (!cash) throw new Error('no account')
    expect(tx(cash, 0)).toMatchObject({ date: '2013-10-23', amount: cents('-6.50'), category: 'food:lunch' })
    expect(tx(cash, 1)).toMatchObject({ amount: cents('31'), transferAccount: 'My Cc', category: null })
    expect(tx(cash, 2)).toMatchObject({
      date: '2013-10-11',
      amount: cents('-48'),
      splits: [
        { category: '[My Cc]', amount: cents('-31') },
        { category: 'food:lunch', amount: cents('-17') },
      ],
    })
    // ShrsIn 88.810 ibm4 at 11.26 for 1000 (its basis), BuyX 9.066 at 11.03 for 100 paid from [CHECKING]
    const invest = r.accounts[1]
    expect(invest?.activities?.map((x) => [x.type, x.date, x.symbol, x.quantity, x.price, x.amount, x.costBasis, x.memo])).toEqual([
      ['transfer_in', '1993-07-25', 'IBM4', 8_881_000_000, 1_126_000_000, null, cents('1000'), 'Opening'],
      ['buy', '1993-08-25', 'IBM4', 906_600_000, 1_103_000_000, cents('100'), null, 'Est. price as of 8/25/93'],
    ])
    expect(invest?.transactions.map((t) => [t.date, t.amount, t.transferAccount])).toEqual([['1993-08-25', cents('100'), 'CHECKING']])
    expect(r.warnings).toEqual([])
  })

  it("quiffen: '#' comments, class/category lists, M/D'YYYY dates, percentage split memos, split-level D line", () => {
    const r = parse('qif/quiffen_test.qif')
    expect(r.accounts.map((x) => [x.key, x.type])).toEqual([
      ['qif:bank', 'checking'],
      ['qif:invst', 'investment'],
    ])
    const a = r.accounts[0]
    if (!a) throw new Error('no account')
    expect(a.transactions).toHaveLength(6)
    expect(tx(a, 0)).toMatchObject({ date: '2020-02-10', amount: 0, payee: 'Opening Balance', transferAccount: 'TestExport' })
    expect(tx(a, 1)).toMatchObject({ date: '2020-02-14', amount: cents('67.50'), payee: 'T-Mobile', category: 'Bills:Cell Phone' })
    expect(tx(a, 3).splits.map((s) => s.memo)).toEqual(['50%', '50% 2'])
    const amazon = tx(a, 5)
    expect(amazon).toMatchObject({ date: '2020-02-10', amount: cents('-100'), payee: 'Amazon.com' })
    expect(amazon.splits.map((s) => [s.category, s.amount, s.memo])).toEqual([
      ['Food:Groceries', cents('-50'), '50%'],
      ['Transportation:Automobile', cents('-25'), '25%'],
      ['Personal Care:Haircare', cents('-10'), '10%'],
      ['Healthcare:Prescriptions', cents('-15'), '15%'],
    ])
    // the one !Type:Invst Buy: 376 $AAPL at 32 with a commission of 10
    expect(r.accounts[1]?.activities?.map((x) => [x.type, x.date, x.symbol, x.quantity, x.price, x.amount, x.fees, x.memo])).toEqual([
      ['buy', '2020-02-14', 'AAPL', 37_600_000_000, 3_200_000_000, cents('12032'), cents('10'), 'Test investment'],
    ])
    expect(r.warnings).toEqual([])
  })

  it("quiffen unknown type: !Option:AutoSwitch list, '^' right after !Account, D1/ 1'01 in an Invst section", () => {
    const r = parse('qif/quiffen_test_unknown_account_type.qif')
    const a = only(r)
    expect(a).toMatchObject({ name: 'Portfolio Account', type: 'investment', activities: [] })
    // the Cash entry has no amount: 0, and a transfer to the account itself is none
    expect(a.transactions.map((t) => [t.date, t.amount, t.payee, t.transferAccount])).toEqual([['2001-01-01', 0, 'Cash', null]])
    expect(r.warnings).toHaveLength(1)
  })
})

fixtureSuite('CSV fixtures', () => {
  it('KBC: ";", Dutch headers, DD/MM/YYYY, decimal comma, space-padded fields', () => {
    const bytes = load('csv/b2y_be_kbc_export_BE11123456789012_20180304_1422.csv')
    const { mapping, headers } = guessCsvMapping(bytes)
    expect(mapping).toMatchObject({ delimiter: ';', decimalSeparator: ',', dateFormat: 'DD/MM/YYYY', hasHeader: true, skipRows: 0 })
    expect(headers[mapping.columns.amount ?? -1]).toBe('Bedrag')
    const a = only(parseStatement(bytes))
    expect(a).toMatchObject({ currency: 'EUR', numberLast4: '9012' })
    expect(tx(a, 0)).toMatchObject({ date: '2018-02-28', amount: cents('-3.40') })
    expect(tx(a, 0).payee).toMatch(/^BIJDRAGE 01-02-2018 - 28-02-2018/)
  })

  it('Raiffeisen: windows-1250, ";" with a stray "," ending the header, quoted and unquoted fields', () => {
    const bytes = load('csv/b2y_cz_raiffeisen_Movements_1234512345_201805271848.csv')
    const { mapping, headers } = guessCsvMapping(bytes)
    expect(mapping).toMatchObject({ delimiter: ';', decimalSeparator: ',', dateFormat: 'DD.MM.YYYY', encoding: 'windows-1250' })
    expect(headers).toContain('Zaúčtovaná částka')
    expect(headers[mapping.columns.amount ?? -1]).toBe('Zaúčtovaná částka')
    const a = only(parseStatement(bytes))
    expect(a.currency).toBe('CZK')
    expect(tx(a, 0)).toMatchObject({ date: '2018-05-27', amount: cents('-1.00'), memo: 'Memo for me test', externalId: '3228446118', payee: 'Name Surname' })
  })

  it('Commerzbank: UTF-8 umlaut header, DD.MM.YYYY, decimal comma', () => {
    const bytes = load('csv/b2y_de_commerzbank_Umsaetze_KtoNr538917600_EUR_02-03-2018_1503.csv')
    expect(guessCsvMapping(bytes).headers).toContain('Währung')
    const a = only(parseStatement(bytes))
    expect(a.currency).toBe('EUR')
    expect(tx(a, 0)).toMatchObject({ date: '2018-03-02', amount: cents('-17.22') })
    expect(tx(a, 0).payee).toMatch(/^Kartenzahlung REWE SAGT DANKE\./)
  })

  it('Ostseesparkasse: every field quoted, DD.MM.YY, payee from Beguenstigter/Zahlungspflichtiger', () => {
    const bytes = load('csv/b2y_de_ostseesparkasse_20180226-1000594757-umsatz.csv')
    expect(guessCsvMapping(bytes).mapping.dateFormat).toBe('DD.MM.YY')
    const a = only(parseStatement(bytes))
    expect(tx(a, 0)).toMatchObject({ date: '2018-02-22', amount: cents('-36.99'), payee: 'Vodafone Kabel DeutschlandGmbH' })
    expect(tx(a, 0).memo).toMatch(/^EREF\+/)
  })

  it('bunq: "," with quoted decimal-comma amounts and commas in descriptions', () => {
    const bytes = load('csv/b2y_nl_bunq_2019-03-02_11-50-46_bunq-statement.csv')
    expect(guessCsvMapping(bytes).mapping).toMatchObject({ delimiter: ',', decimalSeparator: ',', dateFormat: 'YYYY-MM-DD' })
    const a = only(parseStatement(bytes))
    expect(a.transactions).toHaveLength(7)
    expect(tx(a, 0)).toMatchObject({ date: '2018-12-06', amount: cents('-8.78'), payee: 'CLOUDFLARE' })
    expect(tx(a, 0).memo).toContain('1 USD = 0.88241 EUR')
    expect(sum(a)).toBe(cents('-23.82'))
  })

  it('Rabobank: ISO-8859-1, CR CR LF, a line missing its opening quote, "+50,00"', () => {
    const bytes = load('csv/b2y_nl_rabobank_CSV_A_20180414_112204.csv')
    const { mapping, headers } = guessCsvMapping(bytes)
    expect(headers).toContain('Naam initiërende partij')
    expect(mapping).toMatchObject({ delimiter: ',', decimalSeparator: ',' })
    const r = parseStatement(bytes)
    const a = only(r)
    expect(a.transactions.map((t) => t.amount)).toEqual([cents('-337.49'), cents('50'), cents('-750')])
    expect(a.transactions.map((t) => t.line)).toEqual([2, 3, 4])
    expect(tx(a, 0)).toMatchObject({ date: '2018-03-01', payee: 'RENTE LENING' })
    expect(tx(a, 1)).toMatchObject({ date: '2018-03-14', payee: 'Nederlandse Loterij Organisatie B.V.' })
    expect(a).toMatchObject({ currency: 'EUR', numberLast4: '7415', key: 'NL77RABO0311467415' })
  })

  it('OCBC: 5-line preamble, withdrawal/deposit columns, continuation rows', () => {
    const bytes = load('csv/b2y_sg_ocbc_TransactionHistory_20180418043121.csv')
    const { mapping, headers } = guessCsvMapping(bytes)
    expect(mapping).toMatchObject({ skipRows: 5, hasHeader: true, dateFormat: 'DD/MM/YYYY' })
    expect(headers[mapping.columns.debit ?? -1]).toBe('Withdrawals (SGD)')
    expect(headers[mapping.columns.credit ?? -1]).toBe('Deposits (SGD)')
    const a = only(parseStatement(bytes))
    expect(a.transactions).toHaveLength(8)
    expect(tx(a, 0)).toMatchObject({ date: '2018-04-18', amount: cents('-6.66'), line: 7 })
    expect(tx(a, 0).payee).toBe('DEBIT PURCHASE 15/04/18 66-6666 UBER EATS AN2GO HELP.UBERh')
    expect(tx(a, 2).amount).toBe(cents('-66.66'))
    // the preamble's balances, as of the newest transaction
    expect(a.ledgerBalance).toEqual({ amount: cents('6666.66'), date: '2018-04-18' })
    expect(a.availableBalance).toEqual({ amount: cents('6666.66'), date: '2018-04-18' })
  })

  it('John Lewis: BOM, £ amounts, Pending rows skipped with warnings, "+ £1,100.00" flagged CR', () => {
    const bytes = load('csv/b2y_uk_johnlewis_MS_JANE_SMITH_01-12-2019_14-12-2019.csv')
    const { mapping } = guessCsvMapping(bytes)
    expect(mapping).toMatchObject({ dateFormat: 'DD-MMM-YYYY', signConvention: 'inverted', decimalSeparator: '.' })
    const r = parseStatement(bytes)
    const a = only(r)
    expect(a.type).toBe('credit_card')
    expect(a.transactions).toHaveLength(10)
    expect(r.warnings.filter((w) => /pending/i.test(w.message)).map((w) => w.line)).toEqual([2, 3, 4])
    expect(tx(a, 0)).toMatchObject({ date: '2019-12-12', amount: cents('-1183.23'), payee: 'ROYAL LONDON INSURANCE 01222 61234 GBR' })
    const payment = a.transactions.find((t) => t.payee.startsWith('PAYMENT RECEIVED'))
    expect(payment).toMatchObject({ date: '2019-12-02', amount: cents('1100') })
  })

  it('DCU: CRLF, all quoted, "-$7,971.39", opaque id column, newest first', () => {
    const a = only(parseStatement(load('csv/reds_dcu_Main_Checking_Account_Transactions.csv')))
    expect(a.transactions).toHaveLength(10)
    const byDate = [...a.transactions].sort((x, y) => x.date.localeCompare(y.date))
    expect(byDate[0]).toMatchObject({ date: '2021-12-15', amount: cents('10000'), payee: 'ELECTRONIC DEPOSIT - 3392 ACME INC DDEPOSIT 121521' })
    expect(byDate[9]).toMatchObject({
      date: '2021-12-31',
      amount: cents('-7971.39'),
      payee: 'TRANSFER TO MBR ***0123 ACCT 4 MOBILE BANKING TRANSFER:123456789012345678 - SWEEP ACCOUNT',
    })
    expect(new Set(a.transactions.map((t) => t.externalId)).size).toBe(10)
  })

  it('Schwab: separate Withdrawal/Deposit columns with "$"', () => {
    const a = only(parseStatement(load('csv/reds_schwab_XXX234_Checking_Transactions_20220203.csv')))
    expect(a.transactions.map((t) => [t.date, t.payee, t.amount])).toEqual([
      ['2022-07-31', 'Interest Paid', cents('1.00')],
      ['2022-02-03', 'Electronic Withdrawal', cents('-2.00')],
    ])
  })
})

fixtureSuite('CAMT fixtures', () => {
  it('PostFinance camt.053.001.04: 13 entries, batches split into their 32 details, reversals, balances reconcile', () => {
    const a = only(parse('camt/barzahlen_053_postfinance_valid_example_v4.xml'))
    expect(a).toMatchObject({ key: 'CH0309000000250090342', name: 'CAMT CH03…0342', numberLast4: '0342', currency: 'CHF' })
    expect(a.transactions).toHaveLength(32)
    expect(tx(a, 0)).toMatchObject({ date: '2016-04-30', amount: cents('-24.00') })
    expect(a.ledgerBalance).toEqual({ amount: cents('322689.77'), date: '2016-04-30' })
    // closing − opening (322152.16) must equal the entries: CdtDbtInd alone gives the direction
    expect(sum(a)).toBe(cents('322689.77') - cents('322152.16'))
    expect(a.transactions.some((t) => /Batch of/.test(t.memo))).toBe(false)
    expect(new Set(a.transactions.map((t) => t.line)).size).toBe(32)
    expect(a.transactions.filter((t) => t.memo.startsWith('Reversal')).length).toBeGreaterThanOrEqual(2)
  })

  it('VR-Bank camt.053.001.02: PRCD opening, CLBD closing, umlauts, batch with 2 TxDtls', () => {
    const a = only(parse('camt/barzahlen_053_vrbank_valid_example.xml'))
    // the batch of 6.00 comes as its two details
    expect(a.transactions.map((t) => t.amount).slice(0, 3)).toEqual([cents('-2'), cents('-3'), cents('1')])
    expect(a.transactions).toHaveLength(5)
    expect(tx(a, 0)).toMatchObject({ date: '2013-12-27', externalId: '2013122710583450000' })
    expect(a.ledgerBalance).toEqual({ amount: cents('23.06'), date: '2013-12-27' })
    expect(sum(a)).toBe(cents('23.06') - cents('33.06'))
    expect(decodeStatement(load('camt/barzahlen_053_vrbank_valid_example.xml')).text).toContain('Überweisungs-Gutschrift')
  })

  it('PostFinance camt.054: notification without balances, reversed direct debits', () => {
    const a = only(parse('camt/barzahlen_054_postfinance_valid_example.xml'))
    // the credit of 24.00 batches two payments (15.00 and 9.00)
    expect(a.transactions.map((t) => t.amount)).toEqual([cents('15'), cents('9'), cents('56.56'), cents('-6'), cents('-15.53')])
    expect(a).toMatchObject({ currency: 'CHF', ledgerBalance: null, availableBalance: null })
    expect(a.transactions.every((t) => t.date === '2016-04-10')).toBe(true)
  })

  it('genkgo camt.052.001.02: Rpt, account by Othr/Id, amount without decimals, BookgDt as DtTm', () => {
    const a = only(parse('camt/genkgo_camt052.v2.xml'))
    expect(a).toMatchObject({ key: 'CH2801234000123456789', numberLast4: '6789', currency: 'SEK' })
    expect(tx(a, 0)).toMatchObject({ date: '2007-10-18', amount: cents('-200000'), payee: 'Company Name', externalId: 'AAAASESS-FP-ACCR-01' })
  })

  it('genkgo camt.053.001.02: two Stmt of one IBAN become one account', () => {
    const a = only(parse('camt/genkgo_camt053.v2.multi.statement.xml'))
    expect(a.transactions.map((t) => [t.amount, t.payee, t.memo, t.externalId])).toEqual([
      [cents('8.85'), 'Company Name 1', 'Transaction Description 1', '000000001'],
      [cents('-7'), 'Company Name 2', 'Transaction Description 2', '000000002'],
    ])
    expect(a.ledgerBalance).toEqual({ amount: cents('20'), date: '2014-12-31' })
  })

  it('genkgo camt.053.001.08: DtTm with offset, Pty names, balances in other currencies left out', () => {
    const r = parse('camt/genkgo_camt053.v8.xml')
    const a = only(r)
    expect(tx(a, 0)).toMatchObject({ date: '2014-12-31', amount: cents('8.85'), payee: 'NAME NAME', memo: 'Ref 4654654654654654' })
    expect(a.currency).toBe('EUR')
    expect(a.ledgerBalance).toBeNull()
    expect(r.warnings.map((w) => w.message).join(' ')).toMatch(/SEK/)
  })

  it('OCA camt.053 without an XML declaration: the reversed batch direct debit as its two details (OCA golden file)', () => {
    const a = only(parse('camt/oca_test-camt053_no_xml_decl.xml'))
    expect(a).toMatchObject({ currency: 'EUR', numberLast4: '8765' })
    // golden-camt053.pydata: four transactions, each with its partner and ref
    expect(a.transactions.map((t) => [t.date, t.amount, t.payee, t.externalId])).toEqual([
      ['2014-01-05', cents('-754.25'), 'INSURANCE COMPANY TESTX', '435005714488-ABNO33052620'],
      ['2014-01-05', cents('-564.05'), 'Test Customer', 'TESTBANK/NL/20141229/01206408'],
      ['2014-01-05', cents('-100'), 'Test Customer', 'TESTBANK/NL/20141229/01206407'],
      ['2014-01-05', cents('1405.31'), '3rd party Media', '115'],
    ])
    expect(tx(a, 1).memo).toMatch(/^Reversal: Direct Debit/)
    expect(a.ledgerBalance?.amount).toBe(cents('15121.12'))
  })
})
