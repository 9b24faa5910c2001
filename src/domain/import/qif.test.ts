// QIF parsing on small inline files: date forms and order, account types, splits, transfers.

import { describe, expect, it } from 'vitest'
import { parseStatement } from './parse'
import { guessQifDateOrder, parseQif, parseQifDate } from './qif'
import type { QifDateOrder } from './types'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

describe('parseQifDate', () => {
  it.each<[string, QifDateOrder, string | null]>([
    ["1/ 2'98", 'mdy', '2098-01-02'],
    ['6/ 1/94', 'mdy', '1994-06-01'],
    ['01/02/1998', 'mdy', '1998-01-02'],
    ['01/02/1998', 'dmy', '1998-02-01'],
    ['02.01.98', 'dmy', '1998-01-02'],
    ['2024-01-02', 'mdy', '2024-01-02'],
    ['2024-01-02', 'dmy', '2024-01-02'],
    ["2/14'2020", 'mdy', '2020-02-14'],
    ["1/ 1'01", 'mdy', '2001-01-01'],
    ["12/25' 0", 'mdy', '2000-12-25'],
    ['1/1/69', 'mdy', '2069-01-01'],
    ['1/1/70', 'mdy', '1970-01-01'],
    ['29/12/10', 'dmy', '2010-12-29'],
    ['31/02/2020', 'dmy', null],
    ['13/01/2020', 'mdy', null],
    ['yesterday', 'mdy', null],
    ['', 'mdy', null],
  ])('%s (%s) → %s', (raw, order, expected) => {
    expect(parseQifDate(raw, order)).toBe(expected)
  })
})

describe('guessQifDateOrder', () => {
  it('says dmy when a first part is over 12, mdy when a second part is, and mdy by default', () => {
    expect(guessQifDateOrder(utf8('!Type:Bank\nD01/02/2020\nT1\n^\nD25/02/2020\nT1\n^\n'))).toBe('dmy')
    expect(guessQifDateOrder(utf8('!Type:Bank\nD01/02/2020\nT1\n^\nD02/25/2020\nT1\n^\n'))).toBe('mdy')
    expect(guessQifDateOrder(utf8('!Type:Bank\nD01/02/2020\nT1\n^\nD02/03/2020\nT1\n^\n'))).toBe('mdy')
  })

  it('does not read D lines of category and class lists as dates', () => {
    expect(guessQifDateOrder(utf8('!Type:Class\nNx\nD31/12 class\n^\n!Type:Cat\nNFood\nD13.1 is a description\n^\n!Type:Bank\nD1/2/20\nT1\n^\n'))).toBe('mdy')
  })
})

describe('parseQif', () => {
  it('reads a bank section: payee, memo, number, category, thousands separators, U amounts', () => {
    const r = parseQif(
      utf8(
        '!Type:Bank\nD1/ 2\'24\nT-1,234.56\nPThe  Shop\nMWeekly shop\nN1001\nLFood:Groceries/Household\nCX\n^\n' +
          'D1/ 3\'24\nU2,000.00\nPEmployer\nLIncome\n^\n',
      ),
    )
    expect(r.errors).toEqual([])
    expect(r.accounts).toHaveLength(1)
    expect(r.accounts[0]).toMatchObject({ key: 'qif:bank', name: 'Bank account', type: 'checking' })
    expect(r.accounts[0]?.transactions).toEqual([
      {
        line: 2,
        date: '2024-01-02',
        amount: -123456,
        payee: 'The Shop',
        memo: 'Weekly shop',
        externalId: null,
        checkNumber: '1001',
        category: 'Food:Groceries',
        transferAccount: null,
        splits: [],
      },
      expect.objectContaining({ line: 10, date: '2024-01-03', amount: 200000, payee: 'Employer', category: 'Income' }),
    ])
  })

  it.each([
    ['Bank', 'checking'],
    ['Cash', 'cash'],
    ['CCard', 'credit_card'],
    ['Oth A', 'other'],
    ['Oth L', 'loan'],
  ])('maps !Type:%s to %s', (qifType, type) => {
    const r = parseQif(utf8(`!Type:${qifType}\nD1/1/2024\nT-5\n^\n`))
    expect(r.accounts[0]?.type).toBe(type)
    expect(r.accounts[0]?.transactions).toHaveLength(1)
  })

  it('reads several accounts from !Account blocks, typed by their T line', () => {
    const r = parseQif(
      utf8(
        '!Option:AutoSwitch\n!Account\nNChecking\nTBank\n^\nNVisa\nTCCard\n^\n!Clear:AutoSwitch\n' +
          '!Account\nNChecking\nTBank\n^\n!Type:Bank\nD1/1/2024\nT-10\nL[Visa]\n^\n' +
          '!Account\nNVisa\nTCCard\n^\n!Type:CCard\nD1/1/2024\nT10\nL[Checking]/Card\n^\nD1/2/2024\nT-3\nPCoffee\n^\n' +
          '!Account\nNMortgage\nTOth L\n^\n!Type:Oth L\nD1/3/2024\nT500\n^\n',
      ),
    )
    expect(r.accounts.map((a) => [a.key, a.name, a.type, a.transactions.length])).toEqual([
      ['Checking', 'Checking', 'checking', 1],
      ['Visa', 'Visa', 'credit_card', 2],
      ['Mortgage', 'Mortgage', 'loan', 1],
    ])
    expect(r.accounts[1]?.transactions[0]).toMatchObject({ transferAccount: 'Checking', category: null })
  })

  it('reads splits with percentage memos and warns when they do not add up', () => {
    const r = parseQif(utf8('!Type:Bank\nD1/1/2024\nT-100\nPStore\nSFood\nE50%\n$-50\nSHome/Class\nE25%\n$-25\nS[Savings]\n$-20\n^\n'))
    const t = r.accounts[0]?.transactions[0]
    expect(t?.splits).toEqual([
      { category: 'Food', memo: '50%', amount: -5000 },
      { category: 'Home', memo: '25%', amount: -2500 },
      { category: '[Savings]', memo: '', amount: -2000 },
    ])
    expect(r.warnings.map((w) => w.message)).toEqual(['Line 2: the splits add up to -95.00, not to the transaction amount -100.00'])
  })

  it('counts a final transaction without ^ and without a final newline', () => {
    const r = parseQif(utf8('!Type:Bank\r\nD1/1/2024\r\nT-1\r\n^\r\nD1/2/2024\r\nT-2\r\nPLast'))
    expect(r.accounts[0]?.transactions.map((t) => [t.amount, t.payee])).toEqual([
      [-100, ''],
      [-200, 'Last'],
    ])
  })

  it("ignores '#' comments and !Option lines, and skips category, class, memorized and security lists", () => {
    const r = parseQif(
      utf8(
        '# exported\n!Option:AllXfr\n!Type:Cat\nNFood\nDFood and drink\nE\n^\n!Type:Class\nNWork\n^\n!Type:Memorized\nKC\nT-50\nPRent\n^\n' +
          '!Type:Security\nNApple\nSAAPL\nTStock\n^\n!Type:Bank\nD1/1/2024\nT-1\n^\n',
      ),
    )
    expect(r.accounts).toHaveLength(1)
    expect(r.accounts[0]?.transactions).toHaveLength(1)
    expect(r.warnings).toEqual([])
  })

  it('reads investment sections into the account as activities', () => {
    const r = parseQif(utf8('!Account\nNBroker\nTInvst\n^\n!Type:Invst\nD1/1/2024\nNBuy\nYAAPL\nI100\nQ1\nT100\n^\n'))
    expect(r.accounts).toEqual([expect.objectContaining({ name: 'Broker', type: 'investment', transactions: [] })])
    expect(r.accounts[0]?.activities?.map((a) => [a.type, a.symbol, a.quantity, a.amount])).toEqual([['buy', 'AAPL', 100_000_000, 10000]])
    expect(r.warnings).toEqual([])
  })

  it('reports bad rows by line and keeps the good ones', () => {
    const r = parseQif(utf8('!Type:Bank\nD31/02/2020\nT-1\n^\nD1/3/2020\nTabc\n^\nPNo date\nT-1\n^\nD1/4/2020\nPNo amount\n^\nD1/5/2020\nT-9\n^\n'), 'dmy')
    expect(r.accounts[0]?.transactions.map((t) => t.amount)).toEqual([-900])
    expect(r.errors).toEqual([
      { line: 2, message: 'Line 2: "31/02/2020" is not a valid date' },
      { line: 6, message: 'Line 6: "abc" is not an amount' },
      { line: 8, message: 'Line 8: the transaction has no date (D line)' },
      { line: 11, message: 'Line 11: the transaction has no amount (T line)' },
    ])
  })

  it('lets the caller override the guessed date order', () => {
    const bytes = utf8('!Type:Bank\nD02/03/2020\nT-1\n^\n')
    expect(parseStatement(bytes).accounts[0]?.transactions[0]?.date).toBe('2020-02-03')
    expect(parseStatement(bytes, { qifDateOrder: 'dmy' }).accounts[0]?.transactions[0]?.date).toBe('2020-03-02')
  })

  it('reads a headerless file as a bank account, with a warning', () => {
    const r = parseQif(utf8('D1/1/2024\nT-1\n^\n'))
    expect(r.accounts[0]?.transactions).toHaveLength(1)
    expect(r.warnings[0]?.message).toMatch(/no !Type header/)
  })

  it('returns no accounts and a warning for a list-only file', () => {
    const r = parseQif(utf8('!Type:Cat\nNFood\n^\n'))
    expect(r.accounts).toEqual([])
    expect(r.warnings).toHaveLength(1)
  })
})
