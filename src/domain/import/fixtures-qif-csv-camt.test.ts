// The real QIF, CSV and CAMT bank files in shared/fixtures/statements: each parses with the values
// EXPECTED.json records and the quirks its PROVENANCE.md describes handled.
import { expect, it } from 'vitest'
import { decodeStatement } from './decode'
import { guessCsvMapping, guessQifDateOrder, parseStatement } from './parse'
import { fixtureSuite, load, parse, cents, only, tx, sum } from './fixture-support'

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
