// OFX/QFX parsing on small inline files: SGML and XML, charsets, broken markup, investments.

import { describe, expect, it } from 'vitest'
import { parseOfx, parseOfxDate } from './ofx'
import { parseStatement } from './parse'
import { StatementError, type ParseResult, type ParsedAccount } from './types'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

function latin1(s: string): Uint8Array {
  return Uint8Array.from([...s].map((c) => c.charCodeAt(0) & 0xff))
}

const SGML_HEADER =
  'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\nCOMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n'

function bank(transactions: string, extra = ''): string {
  return (
    `${SGML_HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>0<SEVERITY>INFO</STATUS><DTSERVER>20240105<LANGUAGE>ENG</SONRS></SIGNONMSGSRSV1>\n` +
    '<BANKMSGSRSV1><STMTTRNRS><TRNUID>1<STATUS><CODE>0<SEVERITY>INFO</STATUS>\n' +
    '<STMTRS><CURDEF>EUR<BANKACCTFROM><BANKID>1234<ACCTID>000111222333<ACCTTYPE>SAVINGS</BANKACCTFROM>\n' +
    `<BANKTRANLIST><DTSTART>20240101<DTEND>20240131\n${transactions}</BANKTRANLIST>\n` +
    `<LEDGERBAL><BALAMT>1000.00<DTASOF>20240131120000.000[-5:EST]</LEDGERBAL>${extra}</STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`
  )
}

function only(result: ParseResult): ParsedAccount {
  expect(result.accounts).toHaveLength(1)
  const a = result.accounts[0]
  if (!a) throw new Error('no account')
  return a
}

describe('parseOfxDate', () => {
  it.each([
    ['20090401122017.000[-5:EST]', '2009-04-01'],
    ['20090401', '2009-04-01'],
    ['200510291120', '2005-10-29'],
    ['20180804093914:014', '2018-08-04'],
    ['20240323000000[-3:GMT]', '2024-03-23'],
    ['  20231231235959[+12:NZDT]  ', '2023-12-31'],
    ['20090231', null],
    ['2009-04-01', null],
    ['', null],
    ['2009', null],
  ])('%s → %s', (raw, expected) => {
    expect(parseOfxDate(raw)).toBe(expected)
  })
})

describe('parseOfx', () => {
  it('reads an OFX 1.x SGML bank statement with unclosed leaf tags', () => {
    const r = parseOfx(
      utf8(
        bank(
          '<STMTTRN><TRNTYPE>debit<DTPOSTED>20240102235959.000[-5:EST]<TRNAMT>-12.5<FITID>A1<NAME>COFFEE  SHOP <MEMO>card 1234</STMTTRN>\n' +
            '<STMTTRN><TRNTYPE>Credit<DTPOSTED>20240103<TRNAMT>1,200.00<FITID>A2<NAME>SALARY</STMTTRN>\n',
          '<AVAILBAL><BALAMT>900<DTASOF>20240131</AVAILBAL>',
        ),
      ),
    )
    const a = only(r)
    expect(a).toMatchObject({
      key: '1234:000111222333',
      name: 'Savings ••2333',
      numberLast4: '2333',
      type: 'savings',
      currency: 'EUR',
      ledgerBalance: { amount: 100000, date: '2024-01-31' },
      availableBalance: { amount: 90000, date: '2024-01-31' },
    })
    expect(a.transactions.map((t) => [t.line, t.date, t.amount, t.payee, t.memo, t.externalId])).toEqual([
      [15, '2024-01-02', -1250, 'COFFEE SHOP', 'card 1234', 'A1'],
      [16, '2024-01-03', 120000, 'SALARY', '', 'A2'],
    ])
    expect(r.errors).toEqual([])
  })

  it('reads OFX 2.x XML with CDATA, entities and XML-style empty elements', () => {
    const xml =
      '<?xml version="1.0" encoding="UTF-8"?>\n<?OFX OFXHEADER="200" VERSION="211"?>\n' +
      '<OFX><CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD</CURDEF><CCACCTFROM><ACCTID>4111111111111111</ACCTID></CCACCTFROM>\n' +
      '<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT</TRNTYPE><DTPOSTED>20240301</DTPOSTED><TRNAMT>-20.00</TRNAMT><FITID>X</FITID>' +
      '<NAME><![CDATA[AT&T <Wireless>  ]]></NAME><MEMO>Tom &amp; Jerry&#39;s &#x263A;</MEMO><CHECKNUM/></STMTTRN></BANKTRANLIST>' +
      '<LEDGERBAL><BALAMT/><DTASOF/></LEDGERBAL></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>'
    const a = only(parseOfx(utf8(xml)))
    expect(a).toMatchObject({ type: 'credit_card', name: 'Credit card ••1111', numberLast4: '1111', ledgerBalance: null })
    expect(a.transactions[0]).toMatchObject({ payee: 'AT&T <Wireless>', memo: "Tom & Jerry's ☺", amount: -2000, checkNumber: null })
  })

  it('honours CHARSET:1252 for single-byte text and ENCODING:UTF-8 for UTF-8 text', () => {
    const single = only(parseOfx(latin1(bank('<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<NAME>Caf\u00e9 \u0080 Cr\u00e8me</STMTTRN>'))))
    expect(single.transactions[0]?.payee).toBe('Café € Crème')
    const declaredUtf8 = bank('<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<NAME>Café Crème €</STMTTRN>').replace('ENCODING:USASCII', 'ENCODING:UTF-8')
    expect(only(parseOfx(utf8(declaredUtf8))).transactions[0]?.payee).toBe('Café Crème €')
    // a bank that declares 1252 but sends UTF-8: the bytes win
    expect(only(parseOfx(utf8(bank('<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<NAME>Zürich</STMTTRN>')))).transactions[0]?.payee).toBe('Zürich')
  })

  it('accepts a UTF-8 BOM, CR CR LF line ends and leading blank lines', () => {
    const text = `\r\n\r\n${bank('<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<NAME>Ünïcode</STMTTRN>')}`.replace(/\r\n/g, '\r\r\n')
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(text)])
    expect(only(parseStatement(bytes)).transactions[0]?.payee).toBe('Ünïcode')
  })

  it('reads decimal-comma amounts', () => {
    const a = only(parseOfx(utf8(bank('<STMTTRN><DTPOSTED>20240102<TRNAMT>-200,00</STMTTRN><STMTTRN><DTPOSTED>20240102<TRNAMT>3,5</STMTTRN>'))))
    expect(a.transactions.map((t) => t.amount)).toEqual([-20000, 350])
  })

  it('keeps good rows and reports bad ones by line', () => {
    const r = parseOfx(
      utf8(
        bank(
          '<STMTTRN><DTPOSTED>20240231<TRNAMT>-1<FITID>bad-date</STMTTRN>\n' +
            '<STMTTRN><DTPOSTED>20240105<TRNAMT>abc<FITID>bad-amount</STMTTRN>\n' +
            '<STMTTRN><DTPOSTED>20240105<FITID>no-amount</STMTTRN>\n' +
            '<STMTTRN><DTPOSTED>20240106<TRNAMT>-2.00<FITID>good</STMTTRN>\n',
        ),
      ),
    )
    expect(only(r).transactions.map((t) => t.externalId)).toEqual(['good'])
    expect(r.errors).toEqual([
      { line: 15, message: 'Line 15: "20240231" is not a valid date' },
      { line: 16, message: 'Line 16: "abc" is not an amount' },
      { line: 17, message: 'Line 17: the transaction has no amount (TRNAMT)' },
    ])
  })

  it('treats known leaf tags as leaves even when empty, and finds fields swallowed by an unknown tag', () => {
    const a = only(
      parseOfx(utf8(bank('<STMTTRN><DTPOSTED>20240102<NAME><MEMO>memo only<TRNAMT>-1</STMTTRN><STMTTRN><X.VENDOR><DTPOSTED>20240103<TRNAMT>-2</STMTTRN>'))),
    )
    expect(a.transactions.map((t) => [t.payee, t.memo, t.amount])).toEqual([
      ['memo only', 'memo only', -100],
      ['', '', -200],
    ])
  })

  it('merges two statements of one account and keeps several accounts apart', () => {
    const stmt = (acct: string, type: string, fitid: string, bal: string, asof: string): string =>
      `<STMTTRNRS><STMTRS><CURDEF>USD<BANKACCTFROM><BANKID>9<ACCTID>${acct}<ACCTTYPE>${type}</BANKACCTFROM>` +
      `<BANKTRANLIST><STMTTRN><DTPOSTED>20240102<TRNAMT>-1<FITID>${fitid}</STMTTRN></BANKTRANLIST>` +
      `<LEDGERBAL><BALAMT>${bal}<DTASOF>${asof}</LEDGERBAL></STMTRS></STMTTRNRS>`
    const text =
      `${SGML_HEADER}<OFX><BANKMSGSRSV1>${stmt('1111', 'CHECKING', 'a', '10', '20240110')}${stmt('2222', 'MONEYMRKT', 'b', '20', '20240110')}` +
      `${stmt('1111', 'CHECKING', 'c', '30', '20240120')}</BANKMSGSRSV1>` +
      '<CREDITCARDMSGSRSV1><CCSTMTTRNRS><CCSTMTRS><CURDEF>USD<CCACCTFROM><ACCTID>5555</CCACCTFROM>' +
      '<BANKTRANLIST><STMTTRN><DTPOSTED>20240102<TRNAMT>-9</STMTTRN></BANKTRANLIST></CCSTMTRS></CCSTMTTRNRS></CREDITCARDMSGSRSV1></OFX>'
    const r = parseOfx(utf8(text))
    expect(r.accounts.map((a) => [a.key, a.type, a.transactions.map((t) => t.externalId), a.ledgerBalance?.amount])).toEqual([
      ['9:1111', 'checking', ['a', 'c'], 3000],
      ['9:2222', 'savings', ['b'], 2000],
      ['5555', 'credit_card', [null], undefined],
    ])
  })

  it('skips a transaction the bank deleted (CORRECTACTION DELETE) with a warning', () => {
    const r = parseOfx(utf8(bank('<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<FITID>N<CORRECTFITID>O<CORRECTACTION>DELETE</STMTTRN>')))
    expect(only(r).transactions).toEqual([])
    expect(r.warnings[0]?.message).toMatch(/deleted/)
  })

  it('reports a refused sign-on and a statement-level error status', () => {
    const text = `${SGML_HEADER}<OFX><SIGNONMSGSRSV1><SONRS><STATUS><CODE>15500<SEVERITY>ERROR<MESSAGE>Bad password</STATUS></SONRS></SIGNONMSGSRSV1></OFX>`
    const r = parseOfx(utf8(text))
    expect(r.accounts).toEqual([])
    expect(r.errors[0]?.message).toMatch(/refused the sign-on \(code 15500: Bad password\)/)
  })

  it('warns about a file cut short and keeps what it could read', () => {
    const full = bank('<STMTTRN><DTPOSTED>20240102<TRNAMT>-1<FITID>A</STMTTRN><STMTTRN><DTPOSTED>20240103<TRNAMT>-2<FITID>B</STMTTRN>')
    const cut = full.slice(0, full.indexOf('<FITID>B') + 3)
    const r = parseOfx(utf8(cut))
    expect(only(r).transactions.map((t) => t.externalId)).toEqual(['A', null])
    expect(r.warnings.some((w) => /cut short/.test(w.message))).toBe(true)
  })

  it('reads an investment statement: trades and income as activities, INVBANKTRAN as cash', () => {
    const text =
      `${SGML_HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20240131<CURDEF>USD<INVACCTFROM><BROKERID>b.com<ACCTID>X-99887</INVACCTFROM>` +
      '<INVTRANLIST><DTSTART>20240101<DTEND>20240131' +
      '<BUYSTOCK><INVBUY><INVTRAN><FITID>1<DTTRADE>20240105</INVTRAN><SECID><UNIQUEID>US0378331005<UNIQUEIDTYPE>ISIN</SECID><UNITS>2<UNITPRICE>150.1234<TOTAL>-300.2468</INVBUY><BUYTYPE>BUY</BUYSTOCK>' +
      '<INCOME><INVTRAN><FITID>2<DTTRADE>20240110<MEMO>Dividend</INVTRAN><SECID><UNIQUEID>US0378331005<UNIQUEIDTYPE>ISIN</SECID><INCOMETYPE>DIV<TOTAL>1.25</INCOME>' +
      '<REINVEST><INVTRAN><FITID>3<DTTRADE>20240110</INVTRAN><SECID><UNIQUEID>US0378331005</SECID><TOTAL>-1.25<UNITS>0.01</REINVEST>' +
      '<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240115<TRNAMT>500<FITID>4<NAME>Deposit</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>' +
      '</INVTRANLIST><INVBAL><AVAILCASH>199.75</INVBAL></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>' +
      '<SECLISTMSGSRSV1><SECLIST><STOCKINFO><SECINFO><SECID><UNIQUEID>US0378331005<UNIQUEIDTYPE>ISIN</SECID><SECNAME>Apple Inc.<TICKER>AAPL</SECINFO></STOCKINFO></SECLIST></SECLISTMSGSRSV1></OFX>'
    const r = parseStatement(utf8(text))
    const a = only(r)
    expect(a).toMatchObject({ key: 'b.com:X-99887', type: 'investment', numberLast4: '9887', availableBalance: { amount: 19975, date: '2024-01-31' } })
    expect(a.transactions.map((t) => [t.externalId, t.date, t.amount, t.payee])).toEqual([['4', '2024-01-15', 50000, 'Deposit']])
    // TOTAL −300.2468 rounds to the cent; the reinvestment is income then a buy of the same money
    expect(a.activities?.map((x) => [x.externalId, x.type, x.date, x.symbol, x.quantity, x.price, x.amount])).toEqual([
      ['1', 'buy', '2024-01-05', 'AAPL', 200_000_000, 15_012_340_000, 30025],
      ['2', 'dividend', '2024-01-10', 'AAPL', null, null, 125],
      ['3', 'dividend', '2024-01-10', 'AAPL', null, null, 125],
      ['3:reinvest', 'buy', '2024-01-10', 'AAPL', 1_000_000, null, 125],
    ])
    expect(r.investments?.securities).toEqual([{ symbol: 'AAPL', name: 'Apple Inc.', kind: 'stock', currency: 'USD', uniqueId: 'US0378331005' }])
    expect(r.errors).toEqual([])
  })

  it('never throws on an investment statement with no transactions', () => {
    const text = `${SGML_HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><CURDEF>USD<INVACCTFROM><BROKERID>b<ACCTID>1</INVACCTFROM></INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1></OFX>`
    const r = parseStatement(utf8(text))
    expect(only(r)).toMatchObject({ type: 'investment', transactions: [], activities: [], positions: [] })
    expect(r.errors).toEqual([])
  })

  it('refuses a file without an <OFX> element and a DTD', () => {
    expect(() => parseOfx(utf8('OFXHEADER:100\nDATA:OFXSGML\n\n'))).toThrow(StatementError)
    expect(() => parseOfx(utf8('<?xml version="1.0"?><!DOCTYPE OFX [<!ENTITY a "b">]><OFX></OFX>'))).toThrow(/DTD/)
  })

  it('names a file without a currency and warns', () => {
    const r = parseOfx(utf8(bank('').replace('<CURDEF>EUR', '<CURDEF>')))
    expect(only(r).currency).toBeNull()
    expect(r.warnings.some((w) => /currency/.test(w.message))).toBe(true)
  })
})
