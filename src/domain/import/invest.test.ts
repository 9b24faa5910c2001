// Investment statements on small hand-made files: every OFX entry kind and QIF action mapped to
// activities with exact quantities, prices and cents, and the opening positions a window implies.
import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { isIsoDate } from '../dates'
import {
  normalizeSymbol,
  openingPositions,
  parseScaled,
  type ParsedActivity,
  type ShareMove,
} from './invest'
import { parseStatement, StatementError } from './parse'
import type { ParseResult, ParsedAccount } from './types'

const utf8 = (text: string) => new TextEncoder().encode(text)

function only(r: ParseResult): ParsedAccount {
  expect(r.accounts).toHaveLength(1)
  const a = r.accounts[0]
  if (!a) throw new Error('no account')
  return a
}

const pick = (a: ParsedActivity) => [
  a.type,
  a.date,
  a.symbol,
  a.quantity,
  a.price,
  a.amount,
  a.fees,
  a.ratio,
  a.costBasis,
  a.memo,
]

const HEADER = 'OFXHEADER:100\nDATA:OFXSGML\nVERSION:102\n\n'
const SECLIST =
  '<SECLISTMSGSRSV1><SECLIST>' +
  '<STOCKINFO><SECINFO><SECID><UNIQUEID>111<UNIQUEIDTYPE>CUSIP</SECID><SECNAME>Acme Corp<TICKER>acme</SECINFO></STOCKINFO>' +
  '<MFINFO><SECINFO><SECID><UNIQUEID>222<UNIQUEIDTYPE>CUSIP</SECID><SECNAME>Index Fund<TICKER>IDX<UNITPRICE>50<DTASOF>20240131</SECINFO></MFINFO>' +
  '<DEBTINFO><SECINFO><SECID><UNIQUEID>333<UNIQUEIDTYPE>CUSIP</SECID><SECNAME>Treasury 2030</SECINFO></DEBTINFO>' +
  '</SECLIST></SECLISTMSGSRSV1>'

function ofx(entries: string, positions = ''): ParseResult {
  return parseStatement(
    utf8(
      `${HEADER}<OFX><INVSTMTMSGSRSV1><INVSTMTTRNRS><INVSTMTRS><DTASOF>20240131<CURDEF>USD<INVACCTFROM><BROKERID>broker.com<ACCTID>123456</INVACCTFROM>` +
        `<INVTRANLIST><DTSTART>20240101<DTEND>20240131${entries}</INVTRANLIST>` +
        (positions ? `<INVPOSLIST>${positions}</INVPOSLIST>` : '') +
        `</INVSTMTRS></INVSTMTTRNRS></INVSTMTMSGSRSV1>${SECLIST}</OFX>`,
    ),
  )
}

const tran = (fitid: string, date: string, memo = '') =>
  `<INVTRAN><FITID>${fitid}<DTTRADE>${date}${memo ? `<MEMO>${memo}` : ''}</INVTRAN>`
const sec = (id: string) => `<SECID><UNIQUEID>${id}<UNIQUEIDTYPE>CUSIP</SECID>`

describe('parseScaled and normalizeSymbol', () => {
  it('reads decimals exactly, rounding beyond the scale half away from zero', () => {
    expect(parseScaled('0.76817')).toBe(76_817_000)
    expect(parseScaled('0073.607')).toBe(7_360_700_000)
    expect(parseScaled('-42.123')).toBe(-4_212_300_000)
    expect(parseScaled('1,5')).toBe(150_000_000)
    expect(parseScaled('1344.2745', 2)).toBe(134427)
    expect(parseScaled('-300.2468', 2)).toBe(-30025)
    expect(parseScaled('0.123456789')).toBe(12_345_679)
    expect(parseScaled('abc')).toBeNull()
    expect(parseScaled('')).toBeNull()
    expect(parseScaled('.')).toBeNull()
  })

  it('makes symbols the investments API takes', () => {
    expect(normalizeSymbol(' vfiax ')).toBe('VFIAX')
    expect(normalizeSymbol('$AAPL')).toBe('AAPL')
    expect(normalizeSymbol('^BTCUSD')).toBe('BTCUSD')
    expect(normalizeSymbol('Growth Fund (A)')).toBe('GROWTH-FUND-A')
    expect(normalizeSymbol('BRK.B')).toBe('BRK.B')
    expect(normalizeSymbol('!!!')).toBe('')
  })
})

describe('OFX investment entries', () => {
  it('BUYSTOCK: gross = |TOTAL| − fees; fees = COMMISSION + FEES + LOAD + TAXES; symbol from the SECLIST ticker', () => {
    const r = ofx(
      `<BUYSTOCK><INVBUY>${tran('B1', '20240105', 'Bought')}${sec('111')}<UNITS>10<UNITPRICE>12.5<COMMISSION>4.95<FEES>0.05<TAXES>0.10<TOTAL>-130.10</INVBUY><BUYTYPE>BUY</BUYSTOCK>`,
    )
    const a = only(r)
    // 10 × 12.50 = 125.00; 130.10 − 5.10 = 125.00
    expect(a.activities?.map(pick)).toEqual([
      ['buy', '2024-01-05', 'ACME', 1_000_000_000, 1_250_000_000, 12500, 510, null, null, 'Bought'],
    ])
    expect(a.activities?.[0]?.externalId).toBe('B1')
    expect(r.investments?.securities.map((s) => [s.symbol, s.kind])).toEqual([
      ['ACME', 'stock'],
      ['IDX', 'fund'],
      ['333', 'bond'],
    ])
    expect(r.investments?.prices).toContainEqual({
      symbol: 'ACME',
      date: '2024-01-05',
      price: 1_250_000_000,
    })
    // a dated SECLIST price is a price of that day
    expect(r.investments?.prices).toContainEqual({
      symbol: 'IDX',
      date: '2024-01-31',
      price: 5_000_000_000,
    })
  })

  it('SELLMF: gross = |TOTAL| + fees, units made positive', () => {
    const r = ofx(
      `<SELLMF><INVSELL>${tran('S1', '20240110')}${sec('222')}<UNITS>-3.5<UNITPRICE>40<COMMISSION>1<TOTAL>139</INVSELL><SELLTYPE>SELL</SELLMF>`,
    )
    expect(only(r).activities?.map(pick)).toEqual([
      ['sell', '2024-01-10', 'IDX', 350_000_000, 4_000_000_000, 14000, 100, null, null, ''],
    ])
  })

  it('a trade without TOTAL is worth its units × price; a security missing from the SECLIST goes by its id', () => {
    const r = ofx(
      `<BUYOTHER><INVBUY>${tran('B2', '20240111', 'Mystery')}${sec('999')}<UNITS>3<UNITPRICE>0.333</INVBUY></BUYOTHER>`,
    )
    expect(only(r).activities?.map(pick)).toEqual([
      ['buy', '2024-01-11', '999', 300_000_000, 33_300_000, 100, 0, null, null, 'Mystery'],
    ])
    expect(r.investments?.securities.find((s) => s.symbol === '999')).toEqual({
      symbol: '999',
      name: 'Mystery',
      kind: 'other',
      currency: 'USD',
      uniqueId: '999',
    })
  })

  it('INCOME: DIV and capital gains are dividends (with a memo), INTEREST is interest, MISC without a security is interest', () => {
    const r = ofx(
      `<INCOME>${tran('I1', '20240112', 'Q1')}${sec('111')}<INCOMETYPE>DIV<TOTAL>10.50<SUBACCTSEC>CASH</INCOME>` +
        `<INCOME>${tran('I2', '20240113')}${sec('222')}<INCOMETYPE>CGLONG<TOTAL>7</INCOME>` +
        `<INCOME>${tran('I3', '20240114')}${sec('222')}<INCOMETYPE>CGSHORT<TOTAL>3</INCOME>` +
        `<INCOME>${tran('I4', '20240115')}${sec('333')}<INCOMETYPE>INTEREST<TOTAL>2.25</INCOME>` +
        `<INCOME>${tran('I5', '20240116')}<INCOMETYPE>MISC<TOTAL>1</INCOME>` +
        `<INCOME>${tran('I6', '20240117')}${sec('111')}<INCOMETYPE>DIV<TAXES>1.50<TOTAL>8.50</INCOME>`,
    )
    expect(only(r).activities?.map(pick)).toEqual([
      ['dividend', '2024-01-12', 'ACME', null, null, 1050, 0, null, null, 'Q1'],
      [
        'dividend',
        '2024-01-13',
        'IDX',
        null,
        null,
        700,
        0,
        null,
        null,
        'Long-term capital gain distribution',
      ],
      [
        'dividend',
        '2024-01-14',
        'IDX',
        null,
        null,
        300,
        0,
        null,
        null,
        'Short-term capital gain distribution',
      ],
      ['interest', '2024-01-15', '333', null, null, 225, 0, null, null, ''],
      ['interest', '2024-01-16', null, null, null, 100, 0, null, null, 'Other income'],
      // tax withheld: gross 10.00, the account got TOTAL 8.50
      ['dividend', '2024-01-17', 'ACME', null, null, 1000, 150, null, null, ''],
    ])
  })

  it('a negative INCOME (a reversal) takes the money back out as a fee', () => {
    const r = ofx(
      `<INCOME>${tran('R1', '20240112', 'oops')}${sec('111')}<INCOMETYPE>DIV<TOTAL>-10.50</INCOME>`,
    )
    expect(only(r).activities?.map(pick)).toEqual([
      ['fee', '2024-01-12', 'ACME', null, null, 1050, 0, null, null, 'Reversal: oops'],
    ])
  })

  it('REINVEST: a dividend and a buy of the same money, under FITID and FITID:reinvest', () => {
    const r = ofx(
      `<REINVEST>${tran('RV', '20240120')}${sec('222')}<INCOMETYPE>DIV<TOTAL>-25<UNITS>0.5<UNITPRICE>50</REINVEST>`,
    )
    const acts = only(r).activities ?? []
    expect(acts.map(pick)).toEqual([
      ['dividend', '2024-01-20', 'IDX', null, null, 2500, 0, null, null, 'Reinvested'],
      ['buy', '2024-01-20', 'IDX', 50_000_000, 5_000_000_000, 2500, 0, null, null, 'Reinvestment'],
    ])
    expect(acts.map((a) => a.externalId)).toEqual(['RV', 'RV:reinvest'])
  })

  it('INVEXPENSE and MARGININTEREST are fees; RETOFCAP is cash received, with a warning', () => {
    const r = ofx(
      `<INVEXPENSE>${tran('E1', '20240121', 'Foreign tax')}${sec('111')}<TOTAL>-2.19</INVEXPENSE>` +
        `<MARGININTEREST>${tran('M1', '20240122')}<TOTAL>-4</MARGININTEREST>` +
        `<RETOFCAP>${tran('C1', '20240123')}${sec('111')}<TOTAL>12</RETOFCAP>`,
    )
    expect(only(r).activities?.map(pick)).toEqual([
      ['fee', '2024-01-21', 'ACME', null, null, 219, 0, null, null, 'Foreign tax'],
      ['fee', '2024-01-22', null, null, null, 400, 0, null, null, 'Margin interest'],
      ['dividend', '2024-01-23', 'ACME', null, null, 1200, 0, null, null, 'Return of capital'],
    ])
    expect(r.warnings.some((w) => /return of capital/.test(w.message))).toBe(true)
  })

  it('TRANSFER: IN brings its basis (AVGCOSTBASIS per share, else the price), OUT takes shares away', () => {
    const r = ofx(
      `<TRANSFER>${tran('T1', '20240124')}${sec('111')}<SUBACCTSEC>CASH<UNITS>4<TFERACTION>IN<POSTYPE>LONG<AVGCOSTBASIS>9.5<UNITPRICE>12</TRANSFER>` +
        `<TRANSFER>${tran('T2', '20240125')}${sec('111')}<SUBACCTSEC>CASH<UNITS>2<TFERACTION>IN<POSTYPE>LONG<UNITPRICE>12</TRANSFER>` +
        `<TRANSFER>${tran('T3', '20240126')}${sec('111')}<SUBACCTSEC>CASH<UNITS>1<TFERACTION>OUT<POSTYPE>LONG</TRANSFER>`,
    )
    expect(only(r).activities?.map(pick)).toEqual([
      ['transfer_in', '2024-01-24', 'ACME', 400_000_000, 1_200_000_000, null, 0, null, 3800, ''],
      ['transfer_in', '2024-01-25', 'ACME', 200_000_000, 1_200_000_000, null, 0, null, 2400, ''],
      ['transfer_out', '2024-01-26', 'ACME', 100_000_000, null, null, 0, null, null, ''],
    ])
  })

  it('SPLIT: NUMERATOR / DENOMINATOR is the ratio', () => {
    const r = ofx(
      `<SPLIT>${tran('P1', '20240127')}${sec('111')}<SUBACCTSEC>CASH<OLDUNITS>10<NEWUNITS>30<NUMERATOR>3<DENOMINATOR>1</SPLIT>` +
        `<SPLIT>${tran('P2', '20240128')}${sec('222')}<SUBACCTSEC>CASH<OLDUNITS>10<NEWUNITS>1</SPLIT>`,
    )
    expect(only(r).activities?.map((a) => [a.type, a.symbol, a.ratio])).toEqual([
      ['split', 'ACME', 3],
      ['split', 'IDX', 0.1],
    ])
  })

  it('INVBANKTRAN is an ordinary transaction of the account; positions give prices', () => {
    const r = ofx(
      '<INVBANKTRAN><STMTTRN><TRNTYPE>CREDIT<DTPOSTED>20240102<TRNAMT>1000<FITID>D1<NAME>Deposit</STMTTRN><SUBACCTFUND>CASH</INVBANKTRAN>',
      `<POSSTOCK><INVPOS>${sec('111')}<HELDINACCT>CASH<POSTYPE>LONG<UNITS>7<UNITPRICE>13<MKTVAL>91<DTPRICEASOF>20240130</INVPOS></POSSTOCK>` +
        `<POSSTOCK><INVPOS>${sec('222')}<HELDINACCT>CASH<POSTYPE>SHORT<UNITS>-1<UNITPRICE>50<MKTVAL>-50<DTPRICEASOF>20240130</INVPOS></POSSTOCK>`,
    )
    const a = only(r)
    expect(a.transactions.map((t) => [t.date, t.amount, t.payee, t.externalId])).toEqual([
      ['2024-01-02', 100000, 'Deposit', 'D1'],
    ])
    expect(a.activities).toEqual([])
    expect(a.positions).toEqual([
      {
        symbol: 'ACME',
        date: '2024-01-30',
        quantity: 700_000_000,
        price: 1_300_000_000,
        marketValue: 9100,
      },
    ])
    expect(r.investments?.prices).toContainEqual({
      symbol: 'ACME',
      date: '2024-01-30',
      price: 1_300_000_000,
    })
    expect(r.warnings.some((w) => /short position/.test(w.message))).toBe(true)
  })

  it('reports entries it cannot read by line, and keeps the rest', () => {
    const r = ofx(
      `<BUYSTOCK><INVBUY>${tran('X1', '20240105')}${sec('111')}<UNITS>ten<TOTAL>-1</INVBUY></BUYSTOCK>` +
        `<SELLSTOCK><INVSELL><INVTRAN><FITID>X2</INVTRAN>${sec('111')}<UNITS>1<TOTAL>1</INVSELL></SELLSTOCK>` +
        `<BUYSTOCK><INVBUY>${tran('X3', '20240105')}<UNITS>1<TOTAL>-1</INVBUY></BUYSTOCK>` +
        `<CLOSUREOPT>${tran('X4', '20240105')}${sec('111')}<UNITS>1</CLOSUREOPT>` +
        `<INCOME>${tran('OK', '20240106')}${sec('111')}<INCOMETYPE>DIV<TOTAL>1</INCOME>`,
    )
    expect(only(r).activities?.map((a) => a.externalId)).toEqual(['OK'])
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/"ten" is not a number of shares/),
      expect.stringMatching(/no date/),
      expect.stringMatching(/does not say which security/),
    ])
    expect(r.warnings.some((w) => /CLOSUREOPT entry is not a kind/.test(w.message))).toBe(true)
  })

  it('refuses what no one could mean: 90 million shares, a holding worth ten billion, a year 1800', () => {
    const r = ofx(
      `<BUYSTOCK><INVBUY>${tran('Q1', '20240105')}${sec('111')}<UNITS>90000000<UNITPRICE>1<TOTAL>-1</INVBUY></BUYSTOCK>` +
        `<BUYSTOCK><INVBUY>${tran('Q2', '20240105')}${sec('111')}<UNITS>1000000<UNITPRICE>20000<TOTAL>-1</INVBUY></BUYSTOCK>` +
        `<INCOME>${tran('Q3', '18000105')}${sec('111')}<INCOMETYPE>DIV<TOTAL>1</INCOME>` +
        `<INCOME>${tran('OK', '20240106')}${sec('111')}<INCOMETYPE>DIV<TOTAL>1</INCOME>`,
      `<POSSTOCK><INVPOS>${sec('111')}<UNITS>1<UNITPRICE>99000000<DTPRICEASOF>20240130</INVPOS></POSSTOCK>`,
    )
    const a = only(r)
    expect(a.activities?.map((x) => x.externalId)).toEqual(['OK'])
    expect(a.positions).toEqual([])
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/"99000000" is not a price/),
      expect.stringMatching(/shares or the price is too large/),
      expect.stringMatching(/shares or the price is too large/),
      expect.stringMatching(/1800-01-05 is not between 1900 and 2200/),
    ])
    expect(r.investments?.prices.some((p) => p.date === '2024-01-30')).toBe(false)
  })

  it('a repeated FITID gets #2 so both are kept and a re-import still matches them', () => {
    const entry = `<INCOME>${tran('SAME', '20240112')}${sec('111')}<INCOMETYPE>DIV<TOTAL>1</INCOME>`
    expect(only(ofx(entry + entry)).activities?.map((a) => a.externalId)).toEqual([
      'SAME',
      'SAME#2',
    ])
  })
})

function qif(body: string): ParseResult {
  return parseStatement(utf8(`!Account\nNBroker\nTInvst\n^\n!Type:Invst\n${body}`), {
    format: 'qif',
    qifDateOrder: 'mdy',
  })
}

describe('QIF !Type:Invst actions', () => {
  it('Buy, Sell: gross from T and O; without T, Q × I', () => {
    const r = qif(
      'D1/2/2024\nNBuy\nYAAPL\nI100\nQ2\nO5\nT205\nMfirst\n^\nD1/3/2024\nNSell\nYAAPL\nI110\nQ1\nO5\nT105\n^\nD1/4/2024\nNBuy\nYAAPL\nI10.125\nQ3\n^\n',
    )
    expect(only(r).activities?.map(pick)).toEqual([
      ['buy', '2024-01-02', 'AAPL', 200_000_000, 10_000_000_000, 20000, 500, null, null, 'first'],
      ['sell', '2024-01-03', 'AAPL', 100_000_000, 11_000_000_000, 11000, 500, null, null, ''],
      // 3 × 10.125 = 30.375 → 30.38
      ['buy', '2024-01-04', 'AAPL', 300_000_000, 1_012_500_000, 3038, 0, null, null, ''],
    ])
  })

  it('BuyX and SellX: the cash comes from or goes to the L[account] as a transaction beside the trade', () => {
    const r = qif(
      'D1/2/2024\nNBuyX\nYAAPL\nI100\nQ1\nT100\nL[Checking]\n$100\n^\nD1/3/2024\nNSellX\nYAAPL\nI100\nQ1\nT100\nL[Checking]\n$100\n^\n',
    )
    const a = only(r)
    expect(a.activities?.map((x) => [x.type, x.amount])).toEqual([
      ['buy', 10000],
      ['sell', 10000],
    ])
    expect(a.transactions.map((t) => [t.date, t.amount, t.transferAccount, t.payee])).toEqual([
      ['2024-01-02', 10000, 'Checking', 'BuyX AAPL'],
      ['2024-01-03', -10000, 'Checking', 'SellX AAPL'],
    ])
  })

  it('Div, DivX, IntInc, CGLong, CGShort, MiscExp', () => {
    const r = qif(
      'D1/5/2024\nNDiv\nYAAPL\nT3.50\n^\nD1/6/2024\nNDivX\nYAAPL\nT2\nL[Checking]\n$2\n^\nD1/7/2024\nNIntInc\nT0.75\n^\n' +
        'D1/8/2024\nNCGLong\nYFUND\nT10\n^\nD1/9/2024\nNCGShort\nYFUND\nT4\n^\nD1/10/2024\nNMiscExp\nT1.25\nMAdvisor\n^\n',
    )
    const a = only(r)
    expect(a.activities?.map((x) => [x.type, x.symbol, x.amount, x.memo])).toEqual([
      ['dividend', 'AAPL', 350, ''],
      ['dividend', 'AAPL', 200, ''],
      ['interest', null, 75, ''],
      ['dividend', 'FUND', 1000, 'Long-term capital gain distribution'],
      ['dividend', 'FUND', 400, 'Short-term capital gain distribution'],
      ['fee', null, 125, 'Advisor'],
    ])
    // DivX: the dividend went straight on to Checking
    expect(a.transactions.map((t) => [t.amount, t.transferAccount])).toEqual([[-200, 'Checking']])
  })

  it('ReinvDiv, ReinvInt, ReinvLg, ReinvSh: income, then a buy of the same money', () => {
    const r = qif(
      'D1/5/2024\nNReinvDiv\nYFUND\nI20\nQ0.5\nT10\n^\nD1/6/2024\nNReinvInt\nYFUND\nI20\nQ0.25\nT5\n^\n' +
        'D1/7/2024\nNReinvLg\nYFUND\nI20\nQ1\nT20\n^\nD1/8/2024\nNReinvSh\nYFUND\nI20\nQ0.1\nT2\n^\n',
    )
    expect(only(r).activities?.map((x) => [x.type, x.quantity, x.amount, x.memo])).toEqual([
      ['dividend', null, 1000, 'Reinvested'],
      ['buy', 50_000_000, 1000, 'Reinvestment'],
      ['interest', null, 500, 'Reinvested'],
      ['buy', 25_000_000, 500, 'Reinvestment'],
      ['dividend', null, 2000, 'Reinvested: Long-term capital gain distribution'],
      ['buy', 100_000_000, 2000, 'Reinvestment'],
      ['dividend', null, 200, 'Reinvested: Short-term capital gain distribution'],
      ['buy', 10_000_000, 200, 'Reinvestment'],
    ])
  })

  it('ShrsIn (basis T), ShrsOut, StkSplit (Q is the ratio × 10)', () => {
    const r = qif(
      'D1/5/2024\nNShrsIn\nYAAPL\nI10\nQ5\nT40\n^\nD1/6/2024\nNShrsOut\nYAAPL\nQ1\n^\nD1/7/2024\nNStkSplit\nYAAPL\nQ20\n^\nD1/8/2024\nNStkSplit\nYAAPL\nQ1\n^\n',
    )
    expect(only(r).activities?.map((x) => [x.type, x.quantity, x.costBasis, x.ratio])).toEqual([
      ['transfer_in', 500_000_000, 4000, null],
      ['transfer_out', 100_000_000, null, null],
      ['split', null, null, 2],
      ['split', null, null, 0.1],
    ])
  })

  it('XIn, XOut and Cash are cash transactions of the account (transfers when they name one)', () => {
    const r = qif(
      'D1/5/2024\nNXIn\nT500\nL[Checking]\n^\nD1/6/2024\nNXOut\nT200\nL[Savings]\n^\nD1/7/2024\nNCash\nT-3\nPBank fee\n^\n',
    )
    const a = only(r)
    expect(a.activities).toEqual([])
    expect(a.transactions.map((t) => [t.date, t.amount, t.transferAccount, t.payee])).toEqual([
      ['2024-01-05', 50000, 'Checking', 'XIn'],
      ['2024-01-06', -20000, 'Savings', 'XOut'],
      ['2024-01-07', -300, null, 'Bank fee'],
    ])
  })

  it('names securities through !Type:Security and reads !Type:Prices; ids are stable and unique', () => {
    const r = parseStatement(
      utf8(
        '!Type:Security\nNApple Inc\nSAAPL\nTStock\n^\nNVanguard 500\nSVFIAX\nTMutual Fund\n^\n' +
          '!Account\nNBroker\nTInvst\n^\n!Type:Invst\nD1/2/2024\nNBuy\nYApple Inc\nI100\nQ1\nT100\n^\nD1/2/2024\nNBuy\nYApple Inc\nI100\nQ1\nT100\n^\n' +
          '!Type:Prices\n"AAPL",101.5,"1/ 3\'24"\n^\n"Vanguard 500",400.25,"1/ 3\'24"\n^\n"BAD",x,"1/3/24"\n^\n',
      ),
      { format: 'qif', qifDateOrder: 'mdy' },
    )
    const a = only(r)
    expect(a.activities?.map((x) => [x.symbol, x.externalId])).toEqual([
      ['AAPL', 'qif:2024-01-02:buy:AAPL:100000000:10000'],
      ['AAPL', 'qif:2024-01-02:buy:AAPL:100000000:10000#2'],
    ])
    expect(r.investments?.securities).toEqual([
      { symbol: 'AAPL', name: 'Apple Inc', kind: 'stock', currency: null, uniqueId: null },
      { symbol: 'VFIAX', name: 'Vanguard 500', kind: 'fund', currency: null, uniqueId: null },
    ])
    expect(r.investments?.prices).toEqual([
      { symbol: 'AAPL', date: '2024-01-03', price: 10_150_000_000 },
      { symbol: 'VFIAX', date: '2024-01-03', price: 40_025_000_000 },
    ])
    expect(r.warnings.some((w) => /"BAD",x/.test(w.message))).toBe(true)
  })

  it('an unnamed Invst section becomes the "Investments" account; unknown actions and missing shares are reported', () => {
    const r = parseStatement(
      utf8(
        '!Type:Invst\nD1/2/2024\nNBuy\nYAAPL\nT100\n^\nD1/3/2024\nNWeird\nT1\n^\nD1/4/2024\nNDiv\nYAAPL\nT1\n^\n',
      ),
      { format: 'qif' },
    )
    const a = only(r)
    expect(a).toMatchObject({ key: 'qif:invst', name: 'Investments', type: 'investment' })
    expect(a.activities?.map((x) => x.type)).toEqual(['dividend'])
    expect(r.errors.map((e) => e.message)).toEqual([expect.stringMatching(/no number of shares/)])
    expect(r.warnings.map((w) => w.message)).toEqual([
      expect.stringMatching(/"Weird" is not one Kinwise imports/),
    ])
  })
})

describe('QIF securities without a usable name', () => {
  it('a Y line with no letter or digit is an error, the rest is kept', () => {
    const r = qif('D1/2/2024\nNBuy\nY!!!\nI1\nQ1\nT1\n^\nD1/3/2024\nNBuy\nYOK\nI1\nQ1\nT1\n^\n')
    expect(only(r).activities?.map((a) => a.symbol)).toEqual(['OK'])
    expect(r.errors.map((e) => e.message)).toEqual([
      expect.stringMatching(/"!!!" has no letter or digit/),
    ])
  })
})

describe('openingPositions', () => {
  const move = (
    type: ShareMove['type'],
    date: string,
    quantity: number | null,
    ratio: number | null = null,
    symbol = 'X',
  ): ShareMove => ({
    type,
    date,
    symbol,
    quantity,
    ratio,
  })

  it('a sale of shares bought before the window: the shortfall, the day before the first activity', () => {
    expect(
      openingPositions([move('buy', '2024-01-10', 100), move('sell', '2024-01-12', 250)], []),
    ).toEqual([{ symbol: 'X', date: '2024-01-09', quantity: 150, reason: 'shortfall' }])
  })

  it('positions above what the activities leave: the difference, counted back through splits', () => {
    // opening q, ×2 on the 11th, +10 bought after: 2q + 10 = 50 → q = 20
    const moves = [move('split', '2024-01-11', null, 2), move('buy', '2024-01-12', 10)]
    expect(
      openingPositions(moves, [
        { symbol: 'X', date: '2024-01-31', quantity: 50 as never, price: null, marketValue: null },
      ]),
    ).toEqual([{ symbol: 'X', date: '2024-01-10', quantity: 20, reason: 'position' }])
  })

  it('nothing when the activities explain the positions, or the positions are fewer', () => {
    const moves = [move('buy', '2024-01-10', 100)]
    expect(
      openingPositions(moves, [
        { symbol: 'X', date: '2024-01-31', quantity: 100 as never, price: null, marketValue: null },
      ]),
    ).toEqual([])
    expect(
      openingPositions(moves, [
        { symbol: 'X', date: '2024-01-31', quantity: 60 as never, price: null, marketValue: null },
      ]),
    ).toEqual([])
  })

  it('a position with no activity comes in on its own date; two positions of one security add up', () => {
    const p = (quantity: number) => ({
      symbol: 'Y',
      date: '2024-01-31',
      quantity: quantity as never,
      price: null,
      marketValue: null,
    })
    expect(openingPositions([], [p(30), p(12)])).toEqual([
      { symbol: 'Y', date: '2024-01-31', quantity: 42, reason: 'position' },
    ])
  })

  it('activities after the position date do not count against it', () => {
    const moves = [move('buy', '2024-01-10', 5), move('sell', '2024-02-05', 5)]
    expect(
      openingPositions(moves, [
        { symbol: 'X', date: '2024-01-31', quantity: 8 as never, price: null, marketValue: null },
      ]),
    ).toEqual([{ symbol: 'X', date: '2024-01-09', quantity: 3, reason: 'position' }])
  })
})

const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements')
const INVESTMENT_FILES = [
  'ofx/ofxparse_vanguard.ofx',
  'qfx/reds_etrade_09092023.qfx',
  'qfx/beangulp_example.qfx',
  'qif/quiffen_test.qif',
  'qif/qifparse_file.qif',
]

/** A seeded generator, so a failing mutation can be replayed. */
function random(seed: number): () => number {
  let x = seed
  return () => {
    x = (x * 1_103_515_245 + 12_345) % 2_147_483_648
    return x / 2_147_483_648
  }
}

const SYMBOL = /^[A-Z0-9][A-Z0-9.\-_:/^=]*$/

describe.skipIf(!existsSync(FIXTURES))('investment statements, mutated', () => {
  it.each(INVESTMENT_FILES)(
    '%s: whatever is cut, doubled or garbled, what comes out is storable',
    (file) => {
      const original = readFileSync(path.join(FIXTURES, file), 'latin1')
      const next = random(file.length * 7919)
      for (let round = 0; round < 150; round++) {
        let text = original
        for (let k = 0; k < 3; k++) {
          const at = Math.floor(next() * text.length)
          const len = Math.floor(next() * 40)
          const pick = next()
          if (pick < 0.3) text = text.slice(0, at) + text.slice(at + len)
          else if (pick < 0.6) text = text.slice(0, at) + text.slice(at, at + len) + text.slice(at)
          else if (pick < 0.8)
            text =
              text.slice(0, at) +
              ['-', '9999999999', '.', '<', '>', '', 'X'][Math.floor(next() * 7)] +
              text.slice(at + 1)
          else text = text.slice(0, at)
        }
        let r: ParseResult
        try {
          r = parseStatement(new TextEncoder().encode(text))
        } catch (error) {
          expect(error).toBeInstanceOf(StatementError)
          continue
        }
        for (const account of r.accounts) {
          for (const a of account.activities ?? []) {
            expect(isIsoDate(a.date), `${file} round ${round}`).toBe(true)
            if (a.symbol !== null) expect(a.symbol).toMatch(SYMBOL)
            for (const v of [a.quantity, a.price, a.amount, a.costBasis])
              if (v !== null) expect(Number.isSafeInteger(v) && v >= 0).toBe(true)
            expect(Number.isSafeInteger(a.fees) && a.fees >= 0).toBe(true)
            if (a.ratio !== null) expect(Number.isFinite(a.ratio) && a.ratio > 0).toBe(true)
            expect(a.externalId).not.toBe('')
          }
          const ids = (account.activities ?? []).map((a) => a.externalId)
          expect(new Set(ids).size).toBe(ids.length)
        }
        for (const sec of r.investments?.securities ?? []) expect(sec.symbol).toMatch(SYMBOL)
        for (const p of r.investments?.prices ?? [])
          expect(Number.isSafeInteger(p.price) && p.price >= 0 && isIsoDate(p.date)).toBe(true)
      }
    },
  )
})
