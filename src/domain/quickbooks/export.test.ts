import { describe, expect, it } from 'vitest'
import { parseStatement } from '../import/parse'
import { asCents } from '../money'
import { readIif } from './chart'
import { IIF_HEADER, balanced, encodeWindows1252, iifBlock, iifField, qboAccountId, usDate, writeCsv, writeIif, writeQbo, type ExportEntry } from './export'

const c = asCents

const groceries: ExportEntry = {
  id: '11111111-1111-4111-8111-111111111111',
  date: '2026-03-02',
  account: 'Checking',
  accountType: 'checking',
  amount: c(-1234),
  payee: 'Corner Shop',
  memo: 'weekly',
  transfer: false,
  lines: [{ account: 'Groceries', amount: c(-1234), memo: '' }],
}
const salary: ExportEntry = {
  id: '22222222-2222-4222-8222-222222222222',
  date: '2026-03-31',
  account: 'Checking',
  accountType: 'checking',
  amount: c(250000),
  payee: 'Acme "Payroll"\tInc',
  memo: 'March\nsalary',
  transfer: false,
  lines: [{ account: 'Salary', amount: c(250000), memo: '' }],
}
// a split card charge: 60.00 of it food, 25.50 household; 85.50 in all
const split: ExportEntry = {
  id: '33333333-3333-4333-8333-333333333333',
  date: '2026-12-09',
  account: 'Visa',
  accountType: 'credit_card',
  amount: c(-8550),
  payee: 'Big Store',
  memo: '',
  transfer: false,
  lines: [
    { account: 'Groceries', amount: c(-6000), memo: 'food' },
    { account: 'Household', amount: c(-2550), memo: 'soap' },
  ],
}
const transfer: ExportEntry = {
  id: '44444444-4444-4444-8444-444444444444',
  date: '2026-03-05',
  account: 'Checking',
  accountType: 'checking',
  amount: c(-50000),
  payee: 'Transfer',
  memo: '',
  transfer: true,
  lines: [{ account: 'Savings', amount: c(-50000), memo: '' }],
}

describe('usDate and iifField', () => {
  it('writes MM/DD/YYYY', () => {
    expect(usDate('2026-03-02')).toBe('03/02/2026')
    expect(usDate('1999-12-31')).toBe('12/31/1999')
  })
  it('keeps a field on one line inside its tab column, with no double quotes', () => {
    expect(iifField('Acme "Payroll"\tInc')).toBe("Acme 'Payroll' Inc")
    expect(iifField('two\r\nlines  ')).toBe('two lines')
    expect(iifField('Utilities:Gas')).toBe('Utilities:Gas')
  })
  it('makes a formula text, as a CSV cell does, after taking out the tab before it', () => {
    expect(iifField('=HYPERLINK("http://x","y")')).toBe("'=HYPERLINK('http://x','y')")
    expect(iifField('\t@SUM(A1)')).toBe("'@SUM(A1)")
    expect(iifField('-2+3')).toBe("'-2+3")
    expect(iifBlock({ ...groceries, payee: '+1' })).toContain("\tChecking\t'+1\t-12.34\t")
  })
})

describe('balanced', () => {
  it('puts what the lines leave over on the uncategorized account of its sign', () => {
    const short = balanced({ ...split, lines: [{ account: 'Groceries', amount: c(-6000), memo: '' }] })
    expect(short.lines).toEqual([
      { account: 'Groceries', amount: -6000, memo: '' },
      { account: 'Uncategorized Expense', amount: -2550, memo: '' },
    ])
    expect(balanced({ ...salary, lines: [] }).lines).toEqual([{ account: 'Uncategorized Income', amount: 250000, memo: '' }])
    expect(balanced(groceries)).toBe(groceries)
  })
})

describe('writeIif', () => {
  it('writes a check with its split line opposite, dated MM/DD/YYYY', () => {
    expect(iifBlock(groceries)).toBe(
      'TRNS\t\tCHECK\t03/02/2026\tChecking\tCorner Shop\t-12.34\t\tweekly\tN\r\n' +
        'SPL\t\tCHECK\t03/02/2026\tGroceries\tCorner Shop\t12.34\t\tweekly\tN\r\n' +
        'ENDTRNS\r\n',
    )
  })

  it('balances a split whose parts fall short, so the block still sums to zero (hand-worked: -85.50 = -60.00 + -25.50)', () => {
    const text = iifBlock({ ...split, lines: [{ account: 'Groceries', amount: c(-6000), memo: 'food' }] })
    const rows = readIif(IIF_HEADER + text).filter((r) => r.type === 'TRNS' || r.type === 'SPL')
    expect(rows.map((r) => [r.fields.ACCNT, r.fields.AMOUNT, r.fields.DATE])).toEqual([
      ['Visa', '-85.50', '12/09/2026'],
      ['Groceries', '60.00', '12/09/2026'],
      ['Uncategorized Expense', '25.50', '12/09/2026'],
    ])
    // a transfer with no other side named goes to the uncategorized asset account
    expect(iifBlock({ ...transfer, lines: [] })).toContain('SPL\t\tTRANSFER\t03/05/2026\tUncategorized Asset\tTransfer\t500.00\t')
  })

  it('types deposits, card charges and transfers, escapes text, and every block sums to zero', () => {
    const text = writeIif([groceries, salary, split, transfer])
    expect(text.startsWith('!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\tCLEAR\r\n!SPL\t')).toBe(true)
    const records = readIif(text)
    const blocks: { type: string; rows: typeof records }[] = []
    for (const r of records) {
      if (r.type === 'TRNS') blocks.push({ type: r.fields.TRNSTYPE ?? '', rows: [r] })
      else if (r.type === 'SPL') blocks.at(-1)?.rows.push(r)
    }
    expect(records.filter((r) => r.type === 'ENDTRNS')).toHaveLength(4)
    expect(blocks.map((b) => b.type)).toEqual(['CHECK', 'DEPOSIT', 'CREDIT CARD', 'TRANSFER'])
    for (const block of blocks) {
      // in cents, so no float error hides a cent
      const sum = block.rows.reduce((s, r) => s + Math.round(Number(r.fields.AMOUNT) * 100), 0)
      expect(sum).toBe(0)
    }
    // the split: -85.50 on the card, +60.00 and +25.50 on the categories
    expect(blocks[2]?.rows.map((r) => [r.fields.ACCNT, r.fields.AMOUNT, r.fields.MEMO])).toEqual([
      ['Visa', '-85.50', ''],
      ['Groceries', '60.00', 'food'],
      ['Household', '25.50', 'soap'],
    ])
    // the transfer: out of checking, into savings
    expect(blocks[3]?.rows.map((r) => [r.fields.ACCNT, r.fields.AMOUNT])).toEqual([
      ['Checking', '-500.00'],
      ['Savings', '500.00'],
    ])
    expect(blocks[1]?.rows[0]?.fields).toMatchObject({ NAME: "Acme 'Payroll' Inc", MEMO: 'March salary', DATE: '03/31/2026', AMOUNT: '2500.00' })
    // a card refund
    expect(iifBlock({ ...split, amount: c(500), lines: [{ account: 'Groceries', amount: c(500), memo: '' }] })).toContain('\tCCARD REFUND\t')
  })
})

describe('writeCsv', () => {
  it('writes one row a line with the header QuickBooks asks for first', () => {
    expect(writeCsv([groceries, split])).toBe(
      'Date,Description,Amount,Account,Category,Memo,Kinwise ID\r\n' +
        '03/02/2026,Corner Shop,-12.34,Checking,Groceries,weekly,11111111-1111-4111-8111-111111111111\r\n' +
        '12/09/2026,Big Store,-60.00,Visa,Groceries,food,33333333-3333-4333-8333-333333333333\r\n' +
        '12/09/2026,Big Store,-25.50,Visa,Household,soap,33333333-3333-4333-8333-333333333333\r\n',
    )
    expect(writeCsv([salary])).toContain('03/31/2026,"Acme ""Payroll""\tInc",2500.00,Checking,Salary,"March\nsalary",')
  })
  it('writes a formula as text and a negative amount as a number', () => {
    expect(writeCsv([{ ...groceries, payee: '@SUM(A1)', memo: '=1+1' }])).toContain("03/02/2026,'@SUM(A1),-12.34,Checking,Groceries,'=1+1,")
  })
})

describe('writeQbo', () => {
  const file = () =>
    writeQbo({
      intuBid: '3000',
      from: '2026-03-01',
      to: '2026-12-31',
      asOf: '2026-12-31',
      now: new Date('2026-12-31T10:20:30Z'),
      accounts: [
        { accountId: qboAccountId('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee'), accountType: 'credit_card', currency: 'USD', balance: c(-8550), entries: [split] },
        {
          accountId: qboAccountId('12345678-1234-4123-8123-123456789abc'),
          accountType: 'checking',
          currency: 'USD',
          balance: c(123456),
          entries: [groceries, { ...salary, payee: 'Café Müller – a very long payee name indeed', memo: '' }, transfer],
        },
      ],
    })

  it('signs on with the INTU.BID and writes an OFX 1.0.2 header', () => {
    const text = file()
    expect(text.startsWith('OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\n')).toBe(true)
    expect(text).toContain('<DTSERVER>20261231102030\n<LANGUAGE>ENG\n<FI>\n<ORG>Kinwise\n<FID>3000\n</FI>\n<INTU.BID>3000\n</SONRS>')
    expect(text.indexOf('<BANKMSGSRSV1>')).toBeLessThan(text.indexOf('<CREDITCARDMSGSRSV1>'))
    expect(qboAccountId('12345678-1234-4123-8123-123456789abc')).toBe('1234567812344123812312')
  })

  it('reads back with the project’s own OFX parser: the same amounts, payees and FITIDs', () => {
    const bytes = encodeWindows1252(file())
    const result = parseStatement(bytes)
    // the Intuit sign-on makes it a QFX/QBO to the detector: OFX all the same
    expect(result.format).toBe('qfx')
    expect(result.errors).toEqual([])
    const [checking, card] = result.accounts
    expect(checking?.type).toBe('checking')
    expect(checking?.ledgerBalance).toEqual({ amount: 123456, date: '2026-12-31' })
    expect(checking?.transactions.map((t) => [t.externalId, t.date, t.amount, t.payee])).toEqual([
      [groceries.id, '2026-03-02', -1234, 'Corner Shop'],
      [salary.id, '2026-03-31', 250000, 'Café Müller – a very long payee'],
      [transfer.id, '2026-03-05', -50000, 'Transfer'],
    ])
    // the whole long payee is kept in the memo (NAME holds 32 characters)
    expect(checking?.transactions[1]?.memo).toBe('Café Müller – a very long payee name indeed')
    expect(card?.type).toBe('credit_card')
    expect(card?.transactions.map((t) => [t.externalId, t.amount])).toEqual([[split.id, -8550]])
  })

  it('writes the same transactions the same way on a later export: only DTSERVER changes, FITIDs stay', () => {
    const later = writeQbo({
      intuBid: '3000',
      from: '2026-03-01',
      to: '2026-12-31',
      asOf: '2026-12-31',
      now: new Date('2027-01-05T08:00:00Z'),
      accounts: [
        { accountId: qboAccountId('aaaaaaaa-bbbb-4ccc-8ddd-eeeeeeeeeeee'), accountType: 'credit_card', currency: 'USD', balance: c(-8550), entries: [split] },
        {
          accountId: qboAccountId('12345678-1234-4123-8123-123456789abc'),
          accountType: 'checking',
          currency: 'USD',
          balance: c(123456),
          entries: [groceries, { ...salary, payee: 'Café Müller – a very long payee name indeed', memo: '' }, transfer],
        },
      ],
    })
    const withoutServerTime = (text: string) => text.replace(/<DTSERVER>\d+/, '')
    expect(withoutServerTime(later)).toBe(withoutServerTime(file()))
    const fitids = (text: string) => parseStatement(encodeWindows1252(text)).accounts.flatMap((a) => a.transactions.map((t) => t.externalId))
    expect(fitids(later)).toEqual([groceries.id, salary.id, transfer.id, split.id])
    expect(fitids(later)).toEqual(fitids(file()))
  })

  it('escapes markup in text', () => {
    const text = writeQbo({
      intuBid: '3000',
      from: '2026-03-01',
      to: '2026-03-31',
      asOf: '2026-03-31',
      now: new Date('2026-03-31T00:00:00Z'),
      accounts: [{ accountId: 'A1', accountType: 'checking', currency: 'USD', balance: c(0), entries: [{ ...groceries, payee: 'A&B <Shop>' }] }],
    })
    expect(text).toContain('<NAME>A&amp;B &lt;Shop&gt;\n')
    expect(parseStatement(encodeWindows1252(text)).accounts[0]?.transactions[0]?.payee).toBe('A&B <Shop>')
  })

  it('escapes a long payee once: NAME cut before escaping, the whole payee in MEMO', () => {
    const payee = 'Smith & Sons <Hardware> & Garden Supplies Ltd'
    const text = writeQbo({
      intuBid: '3000',
      from: '2026-03-01',
      to: '2026-03-31',
      asOf: '2026-03-31',
      now: new Date('2026-03-31T00:00:00Z'),
      accounts: [{ accountId: 'A1', accountType: 'checking', currency: 'USD', balance: c(0), entries: [{ ...groceries, payee, memo: 'x & y' }] }],
    })
    expect(text).toContain('<NAME>Smith &amp; Sons &lt;Hardware&gt; &amp; Garden\n')
    expect(text).toContain('<MEMO>Smith &amp; Sons &lt;Hardware&gt; &amp; Garden Supplies Ltd — x &amp; y\n')
    expect(text).not.toMatch(/&amp;(amp|lt|gt);/)
    const read = parseStatement(encodeWindows1252(text)).accounts[0]?.transactions[0]
    expect(read?.memo).toBe(`${payee} — x & y`)
  })
})

describe('encodeWindows1252', () => {
  it('writes Latin-1 letters as one byte, 1252’s extras at 0x80–0x9F, others as ?', () => {
    expect([...encodeWindows1252('aé€–✓')]).toEqual([0x61, 0xe9, 0x80, 0x96, 0x3f])
  })
})
