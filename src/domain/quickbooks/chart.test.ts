import { describe, expect, it } from 'vitest'
import { accountType, cleanAccountName, isQbAccountType, readChartCsv, readChartIif, readIif, storedChart, suggestAccount, suitableTypes, type ChartAccount } from './chart'

describe('readIif', () => {
  it('names each line’s fields by the header before it', () => {
    const records = readIif('!ACCNT\tNAME\tACCNTTYPE\r\nACCNT\t"Checking"\tBANK\r\n\r\n!CLASS\tNAME\nCLASS\tShop\n')
    expect(records).toEqual([
      { line: 2, type: 'ACCNT', fields: { NAME: 'Checking', ACCNTTYPE: 'BANK' } },
      { line: 5, type: 'CLASS', fields: { NAME: 'Shop' } },
    ])
  })
})

describe('readChartIif', () => {
  it('reads the account list QuickBooks Desktop exports', () => {
    const text =
      '!HDR\tPROD\tVER\r\nHDR\tQuickBooks Pro\tVersion 34.0\r\n' +
      '!ACCNT\tNAME\tREFNUM\tTIMESTAMP\tACCNTTYPE\tOBAMOUNT\tDESC\tACCNUM\r\n' +
      'ACCNT\tChecking\t1\t933000000\tBANK\t0.00\t\t1000\r\n' +
      'ACCNT\tVisa\t2\t933000000\tCCARD\t0.00\t\t2000\r\n' +
      'ACCNT\tUtilities:Gas\t3\t933000000\tEXP\t0.00\t\t6100\r\n' +
      'ACCNT\tSales\t4\t933000000\tINC\t0.00\t\t4000\r\n' +
      'ACCNT\tInterest Earned\t5\t933000000\tEXINC\t0.00\t\t7000\r\n' +
      'ACCNT\tWeird\t6\t933000000\tXYZ\t0.00\t\t\r\n' +
      'ACCNT\tchecking\t7\t933000000\tBANK\t0.00\t\t\r\n'
    const { accounts, problems } = readChartIif(text)
    expect(accounts).toEqual([
      { name: 'Checking', type: 'Bank' },
      { name: 'Visa', type: 'Credit Card' },
      { name: 'Utilities:Gas', type: 'Expense' },
      { name: 'Sales', type: 'Income' },
      { name: 'Interest Earned', type: 'Other Income' },
    ])
    expect(problems).toEqual(['Line 9: "XYZ" is not a QuickBooks account type (Weird was left out)'])
  })

  it('says so when there is no account list', () => {
    expect(readChartIif('!TRNS\tDATE\nTRNS\t01/01/2026\n').problems[0]).toMatch(/no !ACCNT list/)
  })
})

describe('readChartCsv', () => {
  it('reads QuickBooks Online’s Account List report, title lines and footer included', () => {
    const text =
      '\uFEFFAccount List\r\nKinwise Family LLC\r\n\r\n' +
      'Account,Type,Detail type,Description,Balance\r\n' +
      'Business Checking,Bank,Checking,,"1,201.00"\r\n' +
      'Mastercard,Credit Card,Credit Card,,-157.72\r\n' +
      '"Utilities:Gas and Electric",Expenses,Utilities,,\r\n' +
      'Uncategorized Income,Income,Service/Fee Income,,\r\n' +
      'Loan Payable,Long Term Liabilities,Notes Payable,,\r\n' +
      '\r\n' +
      '"Friday, March 13, 2026 10:15 AM GMT-07:00",,,,\r\n'
    expect(readChartCsv(text)).toEqual({
      accounts: [
        { name: 'Business Checking', type: 'Bank' },
        { name: 'Mastercard', type: 'Credit Card' },
        { name: 'Utilities:Gas and Electric', type: 'Expense' },
        { name: 'Uncategorized Income', type: 'Income' },
        { name: 'Loan Payable', type: 'Long Term Liability' },
      ],
      problems: [],
    })
  })

  it('reads Desktop’s list export and semicolons', () => {
    expect(readChartCsv('Account;Type;Balance Total\nSavings;Bank;10\nRent ;Expense;0\n').accounts).toEqual([
      { name: 'Savings', type: 'Bank' },
      { name: 'Rent', type: 'Expense' },
    ])
  })

  it('names what it needs when no header fits', () => {
    expect(readChartCsv('a,b\n1,2\n')).toEqual({ accounts: [], problems: ['No header row with an Account (or Name) column and a Type column was found'] })
  })
})

describe('account names and types', () => {
  it('folds the ways QuickBooks writes a type', () => {
    expect(accountType('OCASSET')).toBe('Other Current Asset')
    expect(accountType('Accounts receivable (A/R)')).toBe('Accounts Receivable')
    expect(accountType('Cost of Goods Sold')).toBe('Cost of Goods Sold')
    expect(accountType('nope')).toBe(null)
  })
  it('keeps a name on one line with tidy levels', () => {
    expect(cleanAccountName('  Utilities :  Gas\t')).toBe('Utilities:Gas')
  })
})

describe('suggestAccount', () => {
  const chart: ChartAccount[] = [
    { name: 'Checking', type: 'Bank' },
    { name: 'Food:Groceries', type: 'Expense' },
    { name: 'Dining Out', type: 'Expense' },
    { name: 'Utilities:Gas and Electric', type: 'Expense' },
    { name: 'Salary', type: 'Income' },
    { name: 'Groceries', type: 'Income' },
  ]
  const expense = suitableTypes({ kind: 'category', categoryKind: 'expense' })
  it('prefers the same name (its last level), then a name inside the other, then shared words', () => {
    expect(suggestAccount('Groceries', chart, expense)).toBe('Food:Groceries')
    expect(suggestAccount('Dining', chart, expense)).toBe('Dining Out')
    expect(suggestAccount('Electricity bill', chart, expense)).toBe('Utilities:Gas and Electric')
    expect(suggestAccount('Paycheck', chart, suitableTypes({ kind: 'category', categoryKind: 'income' }))).toBe(null)
    expect(suggestAccount('Everyday checking', chart, suitableTypes({ kind: 'account', accountType: 'checking' }))).toBe('Checking')
    expect(suggestAccount('Everyday checking', chart, suitableTypes({ kind: 'account', accountType: 'credit_card' }))).toBe(null)
    // a word that only names the kind of account is no likeness
    expect(suggestAccount('Other Income', [{ name: 'Payroll Income', type: 'Income' }], suitableTypes({ kind: 'category', categoryKind: 'income' }))).toBe(null)
    expect(suggestAccount('Entertainment', [{ name: 'Meals and Entertainment', type: 'Expense' }], expense)).toBe('Meals and Entertainment')
  })
})

describe('storedChart', () => {
  it('keeps the entries whose type QuickBooks knows', () => {
    expect(isQbAccountType('Credit Card')).toBe(true)
    expect(isQbAccountType('CCARD')).toBe(false)
    expect(storedChart([{ name: 'Visa', type: 'Credit Card' }, { name: 'Odd', type: 'Planet' }])).toEqual([{ name: 'Visa', type: 'Credit Card' }])
  })
})
