// Bank CSV exports in the shapes found in the wild: a direction column of its own, several money
// columns, a preamble before the header, dotted dates, quoted fields over several lines and
// balance lines among the rows.

import { describe, expect, it } from 'vitest'
import { guessCsvMapping, parseStatement } from './parse'
import type { CsvMapping, ParseResult } from './types'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)
const rows = (r: ParseResult) => r.accounts[0]?.transactions.map((t) => [t.date, t.amount, t.payee]) ?? []
const messages = (r: ParseResult) => r.warnings.map((w) => w.message)

// ING Netherlands writes an unsigned amount and says Af (out) or Bij (in) in a column of its own
const ING = [
  '"Datum","Naam / Omschrijving","Rekening","Tegenrekening","Code","Af Bij","Bedrag (EUR)","Mutatiesoort","Mededelingen"',
  '"20190419","Albert Heijn 1234","NL01INGB0001234567","","BA","Af","12,34","Betaalautomaat","Pasvolgnr:001"',
  '"20190418","Werkgever BV","NL01INGB0001234567","NL02ABNA0123456789","OV","Bij","2500,00","Overschrijving","Salaris"',
  '"20190417","Huur","NL01INGB0001234567","NL03RABO0123456789","IC","Af","850,00","Incasso","April"',
].join('\n')

describe('a direction column', () => {
  it('is found by the guess, said in the warnings, and signs the amounts', () => {
    const guess = guessCsvMapping(utf8(ING))
    expect(guess.mapping.columns.direction).toBe(5)
    expect(guess.mapping.columns.amount).toBe(6)
    const result = parseStatement(utf8(ING))
    expect(rows(result).map((r) => r[1])).toEqual([-1234, 250000, -85000])
    expect(messages(result)).toContain(
      'Line 1: guessed: the column Af Bij says the direction: Af was taken for money out, Bij for money in; change the column mapping if this is wrong',
    )
  })

  it.each([
    ['debit', 'credit'],
    ['DR', 'CR'],
    ['D', 'C'],
  ])('reads %s / %s values with no header that names them', (out, into) => {
    const file = `Date,Description,Amount,Type\n01/02/2020,Shop,12.50,${out}\n01/03/2020,Salary,100.00,${into}\n01/04/2020,Rent,50.00,${out}\n`
    const result = parseStatement(utf8(file))
    expect(rows(result).map((r) => r[1])).toEqual([-1250, 10000, -5000])
  })

  it('takes the values the mapping names, and names a row with any other value', () => {
    const file = 'Date,Text,Amount,Kind\n2020-01-02,Shop,12.50,Out\n2020-01-03,Pay,100.00,In\n2020-01-04,Odd,1.00,??\n'
    const mapping: CsvMapping = {
      delimiter: ',',
      decimalSeparator: '.',
      dateFormat: 'YYYY-MM-DD',
      skipRows: 0,
      hasHeader: true,
      columns: { date: 0, description: 1, amount: 2, direction: 3 },
      directionValues: { debit: ['out'], credit: ['in'] },
      signConvention: 'as-is',
    }
    const result = parseStatement(utf8(file), { format: 'csv', csv: mapping })
    expect(rows(result).map((r) => r[1])).toEqual([-1250, 10000])
    expect(result.errors.map((e) => e.message)).toEqual(['Line 4: "??" in the direction column is neither money out (out) nor money in (in)'])
  })

  it('leaves a signed amount alone', () => {
    const file = 'Date,Description,Amount,Type\n2020-01-02,Shop,-12.50,D\n2020-01-03,Salary,100.00,C\n'
    expect(guessCsvMapping(utf8(file)).mapping.columns.direction).toBeUndefined()
  })
})

describe('several money columns', () => {
  it('takes Debit Amount and Credit Amount as the two sides', () => {
    const file = 'Transaction Date,Transaction Type,Sort Code,Account Number,Transaction Description,Debit Amount,Credit Amount,Balance\n' +
      "19/04/2019,DEB,'11-22-33,12345678,TESCO STORES,23.45,,976.55\n18/04/2019,FPI,'11-22-33,12345678,SALARY,,1000.00,1000.00\n"
    const guess = guessCsvMapping(utf8(file))
    expect(guess.mapping.columns).toMatchObject({ debit: 5, credit: 6 })
    expect(guess.mapping.columns.amount).toBeUndefined()
    expect(rows(parseStatement(utf8(file))).map((r) => r[1])).toEqual([-2345, 100000])
  })

  it('takes Net of Gross, Fee and Net', () => {
    const file = 'Date,Time,Name,Type,Status,Currency,Gross,Fee,Net\n01/02/2020,10:00:00,Alice,Payment,Completed,USD,100.00,-3.20,96.80\n01/03/2020,11:00:00,Bob,Payment,Completed,USD,-20.00,0.00,-20.00\n'
    expect(guessCsvMapping(utf8(file)).mapping.columns.amount).toBe(8)
    expect(rows(parseStatement(utf8(file))).map((r) => r[1])).toEqual([9680, -2000])
  })

  it('takes headerless withdrawal and deposit columns filled in turn, and says what it guessed', () => {
    const file = '04/19/2019,"CHECK 101",120.00,,880.00\n04/20/2019,"DEPOSIT",,500.00,1380.00\n04/21/2019,"ATM",40.00,,1340.00\n'
    const guess = guessCsvMapping(utf8(file))
    expect(guess.mapping.hasHeader).toBe(false)
    expect(guess.mapping.columns).toMatchObject({ debit: 2, credit: 3 })
    const result = parseStatement(utf8(file))
    expect(rows(result).map((r) => r[1])).toEqual([-12000, 50000, -4000])
    expect(messages(result).some((m) => m.includes('guessed: Column 3 and Column 4 are filled in turn'))).toBe(true)
  })

  it('finds the header below account lines that show a date', () => {
    const file = 'Account,Checking 1234\nStatement date,19/04/2019\nOpening balance,100.00\n\nDate,Description,Amount\n17/04/2019,Shop,-12.00\n18/04/2019,Pay,50.00\n'
    const guess = guessCsvMapping(utf8(file))
    expect(guess.mapping.hasHeader).toBe(true)
    expect(guess.mapping.skipRows).toBe(4)
    expect(rows(parseStatement(utf8(file)))).toEqual([
      ['2019-04-17', -1200, 'Shop'],
      ['2019-04-18', 5000, 'Pay'],
    ])
  })
})

describe('dates, quoted lines and balance rows', () => {
  it('reads 2019.04.19. dates with a format of their own', () => {
    const file = 'Dátum;Leírás;Összeg\n2019.04.19.;Bolt;-1 234,50\n2019.04.20.;Fizetés;100 000,00\n'
    const guess = guessCsvMapping(utf8(file))
    expect(guess.mapping.dateFormat).toBe('YYYY.MM.DD.')
    expect(rows(parseStatement(utf8(file))).map((r) => r.slice(0, 2))).toEqual([
      ['2019-04-19', -123450],
      ['2019-04-20', 10000000],
    ])
  })

  it('reads Apr 19, 2019', () => {
    const file = 'Date,Description,Amount\n"Apr 19, 2019",Shop,-1.00\n"Apr 20, 2019",Pay,2.00\n'
    expect(guessCsvMapping(utf8(file)).mapping.dateFormat).toBe('MMM D, YYYY')
    expect(rows(parseStatement(utf8(file))).map((r) => r[0])).toEqual(['2019-04-19', '2019-04-20'])
  })

  it('keeps a quoted field over several lines in its row', () => {
    const file = 'Date;Description;Amount\n2020-01-02;"Card payment\nShop 1\r\nRef 9";-1,10\n2020-01-03;Plain;2,00\n'
    const result = parseStatement(utf8(file))
    expect(rows(result)).toEqual([
      ['2020-01-02', -110, 'Card payment Shop 1 Ref 9'],
      ['2020-01-03', 200, 'Plain'],
    ])
    expect(result.accounts[0]?.transactions.map((t) => t.line)).toEqual([2, 5])
  })

  it.each(['Saldo Anterior', 'Opening balance', 'Closing balance', 'Saldo inicial', 'Anfangssaldo', 'Saldo final'])('skips a %s row and says so', (label) => {
    const file = `Fecha,Concepto,Importe\n01/04/2019,${label},1000.00\n02/04/2019,Compra,-10.00\n`
    const result = parseStatement(utf8(file))
    expect(rows(result).map((r) => r[1])).toEqual([-1000])
    expect(messages(result)).toContain(`Line 2: "${label}" states a balance, not a transaction; it was skipped`)
  })

  it('names an unreadable amount by line and value, keeping the other rows', () => {
    const file = 'Date,Description,Amount\n2020-01-02,Shop,-1.00\n2020-01-03,Odd,12..0\n2020-01-04,A,1.00\n2020-01-05,B,2.00\n2020-01-06,C,3.00\n'
    const result = parseStatement(utf8(file))
    expect(rows(result)).toHaveLength(4)
    expect(result.errors.map((e) => e.message)).toEqual(['Line 3: "12..0" is not an amount'])
  })
})
