// Every real OFX and QFX bank file in shared/fixtures/statements must parse (QIF, CSV and CAMT:
// fixtures-qif-csv-camt.test.ts), with the values its EXPECTED.json records and the quirks its
// PROVENANCE.md describes handled.
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Cents } from '../money'
import { parseAmountGuessingSeparator } from './common'
import { detectFormat, parseStatement } from './parse'
import { fixtureSuite, load, parse, cents, only, tx, sum, allFiles, expected, FORMAT_BY_DIR } from './fixture-support'

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
