// CSV reading, mapping guesses and parsing on small inline files.

import { describe, expect, it } from 'vitest'
import { guessCsvMapping, parseCsv, parseCsvDate, previewCsv, readCsvRecords } from './csv'
import { parseStatement } from './parse'
import { StatementError, type CsvDateFormat, type CsvMapping } from './types'

const utf8 = (s: string): Uint8Array => new TextEncoder().encode(s)

const base: CsvMapping = {
  delimiter: ',',
  decimalSeparator: '.',
  dateFormat: 'YYYY-MM-DD',
  skipRows: 0,
  hasHeader: true,
  columns: { date: 0, payee: 1, amount: 2 },
  signConvention: 'as-is',
}

describe('readCsvRecords', () => {
  it('follows RFC 4180: quoted delimiters, doubled quotes, line breaks inside quotes', () => {
    const { records } = readCsvRecords('a,"b,c","say ""hi"""\n"multi\nline",x,\n\nlast', ',')
    expect(records).toEqual([
      { cells: ['a', 'b,c', 'say "hi"'], line: 1 },
      { cells: ['multi\nline', 'x', ''], line: 2 },
      { cells: [''], line: 4 },
      { cells: ['last'], line: 5 },
    ])
  })

  it('repairs a field missing its opening quote and splits an unbalanced line at each delimiter', () => {
    const { records, brokenLines } = readCsvRecords('NL77RABO0311467415","EUR","x"\n"open,never closed,3\nnext,row', ',')
    expect(records[0]?.cells).toEqual(['NL77RABO0311467415', 'EUR', 'x'])
    expect(records[1]).toEqual({ cells: ['open', 'never closed', '3'], line: 2 })
    expect(records[2]).toEqual({ cells: ['next', 'row'], line: 3 })
    expect(brokenLines).toEqual([2])
  })

  it('keeps text after a closing quote and quoted fields preceded by spaces', () => {
    expect(readCsvRecords('"12"34, "a;b" ;x', ';')).toEqual({ records: [{ cells: ['1234, "a', 'b" ', 'x'], line: 1 }], brokenLines: [] })
    expect(readCsvRecords('1, "a,b", c', ',').records[0]?.cells).toEqual(['1', 'a,b', ' c'])
  })
})

describe('parseCsvDate', () => {
  it.each<[string, CsvDateFormat, string | null]>([
    ['2024-01-31', 'YYYY-MM-DD', '2024-01-31'],
    ['2024-01-31T10:00:00Z', 'YYYY-MM-DD', '2024-01-31'],
    ['01/31/2024', 'MM/DD/YYYY', '2024-01-31'],
    ['31/01/2024', 'DD/MM/YYYY', '2024-01-31'],
    ['31.01.2024', 'DD.MM.YYYY', '2024-01-31'],
    ['1/5/24', 'MM/DD/YY', '2024-01-05'],
    ['05/01/24', 'DD/MM/YY', '2024-01-05'],
    ['22.02.18', 'DD.MM.YY', '2018-02-22'],
    ['12-Dec-2019', 'DD-MMM-YYYY', '2019-12-12'],
    ['3 Mär 2024', 'DD-MMM-YYYY', '2024-03-03'],
    ['20240131', 'YYYYMMDD', '2024-01-31'],
    ['31/02/2020', 'DD/MM/YYYY', null],
    ['01/31/2024', 'DD/MM/YYYY', null],
    ['31.01.24', 'DD.MM.YYYY', null],
    ['Pending', 'DD-MMM-YYYY', null],
  ])('%s as %s → %s', (raw, format, expected) => {
    expect(parseCsvDate(raw, format)).toBe(expected)
  })
})

describe('guessCsvMapping', () => {
  it('guesses a German export: ";", decimal comma, DD.MM.YYYY, German headers', () => {
    const csv = 'Buchungstag;Valuta;Empfänger;Verwendungszweck;Betrag;Währung\n01.02.2024;02.02.2024;REWE;Einkauf;-12,34;EUR\n03.02.2024;03.02.2024;Arbeitgeber;Gehalt;2.500,00;EUR\n'
    const { mapping, headers, sampleRows } = guessCsvMapping(utf8(csv))
    expect(mapping).toEqual({
      delimiter: ';',
      decimalSeparator: ',',
      dateFormat: 'DD.MM.YYYY',
      skipRows: 0,
      hasHeader: true,
      columns: { date: 0, amount: 4, payee: 2, description: 3 },
      signConvention: 'as-is',
      encoding: 'utf-8',
    })
    expect(headers[2]).toBe('Empfänger')
    expect(sampleRows).toHaveLength(2)
    const r = parseCsv(utf8(csv), mapping)
    expect(r.accounts[0]?.transactions.map((t) => [t.date, t.amount, t.payee, t.memo])).toEqual([
      ['2024-02-01', -1234, 'REWE', 'Einkauf'],
      ['2024-02-03', 250000, 'Arbeitgeber', 'Gehalt'],
    ])
    expect(r.accounts[0]?.currency).toBe('EUR')
  })

  it('guesses a US export: ",", MM/DD/YYYY, category and id columns', () => {
    const csv = 'Transaction Date,Description,Category,Amount,Transaction ID\n01/31/2024,"Coffee, large",Food,-4.50,T1\n02/01/2024,Refund,Shopping,10.00,T2\n'
    const { mapping } = guessCsvMapping(utf8(csv))
    expect(mapping).toMatchObject({ delimiter: ',', decimalSeparator: '.', dateFormat: 'MM/DD/YYYY', columns: { date: 0, description: 1, category: 2, amount: 3, externalId: 4 } })
    const t = parseStatement(utf8(csv)).accounts[0]?.transactions[0]
    expect(t).toMatchObject({ payee: 'Coffee, large', category: 'Food', externalId: 'T1', amount: -450 })
  })

  it('sniffs tab and pipe delimiters', () => {
    expect(guessCsvMapping(utf8('Date\tAmount\tPayee\n2024-01-01\t-1.00\tA\n2024-01-02\t-2.00\tB\n')).mapping.delimiter).toBe('\t')
    expect(guessCsvMapping(utf8('Date|Amount|Payee\n2024-01-01|-1.00|A\n2024-01-02|-2.00|B\n')).mapping.delimiter).toBe('|')
  })

  it('finds the header after a preamble and counts the skipped lines', () => {
    const csv = 'Account: 12345678\nExported 2024-02-01 by Bank\n\nDate,Details,Money out,Money in\n2024-01-05,Rent,750.00,\n2024-01-06,Salary,,2000.00\n'
    const { mapping } = guessCsvMapping(utf8(csv))
    expect(mapping).toMatchObject({ skipRows: 3, hasHeader: true, columns: { date: 0, description: 1, debit: 2, credit: 3 } })
    expect(parseStatement(utf8(csv)).accounts[0]?.transactions.map((t) => [t.line, t.amount])).toEqual([
      [5, -75000],
      [6, 200000],
    ])
  })

  it('reads a file without a header from its values', () => {
    const csv = '20240105,-12.50,GROCERY STORE 123\n20240106,-3.20,BAKERY\n'
    const { mapping } = guessCsvMapping(utf8(csv))
    expect(mapping).toMatchObject({ hasHeader: false, skipRows: 0, dateFormat: 'YYYYMMDD', columns: { date: 0, amount: 1, description: 2 } })
    expect(parseStatement(utf8(csv)).accounts[0]?.transactions).toHaveLength(2)
  })

  it('says day-first for ambiguous slashed dates next to decimal commas, month-first otherwise', () => {
    expect(guessCsvMapping(utf8('Date;Amount\n01/02/2024;-1,00\n03/04/2024;-2,00\n')).mapping.dateFormat).toBe('DD/MM/YYYY')
    expect(guessCsvMapping(utf8('Date,Amount\n01/02/2024,-1.00\n03/04/2024,-2.00\n')).mapping.dateFormat).toBe('MM/DD/YYYY')
  })

  it('spots a card export where charges are positive and payments are marked', () => {
    const csv = 'Date,Description,Amount\n2024-01-02,SHOP,£12.00\n2024-01-03,PAYMENT,+ £100.00\n'
    expect(guessCsvMapping(utf8(csv)).mapping.signConvention).toBe('inverted')
    expect(parseStatement(utf8(csv)).accounts[0]?.transactions.map((t) => t.amount)).toEqual([-1200, -10000])
  })
})

describe('parseCsv', () => {
  it('reports every bad row by line and keeps the good ones', () => {
    const csv = 'Date,Payee,Amount\n2024-01-01,Good,-1.00\n2020-02-31,Bad date,-1.00\n2024-01-02,Bad amount,abc\n2024-01-03,No amount,\n,No date,-3\n2024-01-04,Also good,2\n'
    const r = parseCsv(utf8(csv), base)
    expect(r.accounts[0]?.transactions.map((t) => [t.line, t.payee, t.amount])).toEqual([
      [2, 'Good', -100],
      [7, 'Also good', 200],
    ])
    expect(r.errors).toEqual([
      { line: 3, message: 'Line 3: "2020-02-31" is not a valid date' },
      { line: 4, message: 'Line 4: "abc" is not an amount' },
      { line: 5, message: 'Line 5: the row has no amount' },
      { line: 6, message: 'Line 6: the row has no date' },
    ])
  })

  it('skips pending rows with a warning', () => {
    const r = parseCsv(utf8('Date,Payee,Amount\nPending,Cafe,-1\n2024-01-01,Shop,-2\n'), base)
    expect(r.accounts[0]?.transactions).toHaveLength(1)
    expect(r.warnings).toEqual([{ line: 2, message: 'Line 2: a pending transaction was skipped; import it again once the bank has booked it' }])
  })

  it('appends continuation rows to the previous description', () => {
    const mapping: CsvMapping = { ...base, columns: { date: 0, description: 1, amount: 2 } }
    const r = parseCsv(utf8('Date,Description,Amount\n2024-01-01,DEBIT PURCHASE,-5\n,UBER   EATS,\n,LONDON,\n2024-01-02,FEE,-1\n'), mapping)
    expect(r.accounts[0]?.transactions.map((t) => t.payee)).toEqual(['DEBIT PURCHASE UBER EATS LONDON', 'FEE'])
  })

  it('reads debit and credit columns, whatever the sign of the debit column', () => {
    const mapping: CsvMapping = { ...base, decimalSeparator: ',', delimiter: ';', columns: { date: 0, payee: 1, debit: 2, credit: 3 } }
    const r = parseCsv(utf8('Date;Payee;Debit;Credit\n2024-01-01;A;12,50;\n2024-01-02;B;-3,40;\n2024-01-03;C;;7,00\n2024-01-04;D;;\n'), mapping)
    expect(r.accounts[0]?.transactions.map((t) => t.amount)).toEqual([-1250, -340, 700])
    expect(r.errors.map((e) => e.line)).toEqual([5])
  })

  it('applies CR/DR flags in the amount or in a column of their own', () => {
    const mapping: CsvMapping = { ...base, signConvention: 'inverted' }
    const r = parseCsv(utf8('Date,Payee,Amount,\n2024-01-01,Shop,25.00,\n2024-01-02,Payment,100.00,CR\n2024-01-03,Refund,5.00 CR,\n2024-01-04,Fee,1.00 DR,\n'), mapping)
    expect(r.accounts[0]?.transactions.map((t) => t.amount)).toEqual([-2500, 10000, 500, -100])
  })

  it('stops after maxRows with a warning', () => {
    const r = parseStatement(utf8('Date,Payee,Amount\n2024-01-01,A,-1\n2024-01-02,B,-2\n2024-01-03,C,-3\n'), { maxRows: 2 })
    expect(r.accounts[0]?.transactions).toHaveLength(2)
    expect(r.warnings.some((w) => /first 2 transactions/.test(w.message))).toBe(true)
  })

  it('decodes with the encoding of the mapping', () => {
    // "Příliš žluťoučký kůň" in windows-1250
    const name = [0x50, 0xf8, 0xed, 0x6c, 0x69, 0x9a, 0x20, 0x9e, 0x6c, 0x75, 0x9d, 0x6f, 0x75, 0xe8, 0x6b, 0xfd, 0x20, 0x6b, 0xf9, 0xf2]
    const bytes = new Uint8Array([...utf8('Date,Payee,Amount\n2024-01-01,'), ...name, ...utf8(',-1\n')])
    expect(parseCsv(bytes, { ...base, encoding: 'windows-1250' }).accounts[0]?.transactions[0]?.payee).toBe('Příliš žluťoučký kůň')
    expect(guessCsvMapping(bytes).mapping.encoding).toBe('windows-1250')
  })

  it('refuses a mapping without an amount column and a CSV whose columns cannot be found', () => {
    expect(() => parseCsv(utf8('a,b\n'), { ...base, columns: { date: 0 } })).toThrow(StatementError)
    expect(() => parseStatement(utf8('hello,world\nfoo,bar\n'), { format: 'csv' })).toThrow(StatementError)
  })
})

describe('previewCsv', () => {
  it('returns the rows after the skipped lines, header first', () => {
    const bytes = utf8('Bank export\n\nDate,Amount\n2024-01-01,-1\n2024-01-02,-2\n2024-01-03,-3\n')
    expect(previewCsv(bytes, { ...base, skipRows: 2 }, 3)).toEqual([
      ['Date', 'Amount'],
      ['2024-01-01', '-1'],
      ['2024-01-02', '-2'],
    ])
    expect(previewCsv(bytes, { ...base, delimiter: ';', skipRows: 3 }, 1)).toEqual([['2024-01-01,-1']])
  })
})
