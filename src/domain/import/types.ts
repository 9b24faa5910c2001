// The shapes that the statement parsers hand to the import service and the web preview: one
// result per file with its accounts, their transactions, and the problems found on the way.

import type { Cents } from '../money'
import type { IsoDate } from '../dates'
import type { ParsedActivity, ParsedPosition, ParsedPrice, ParsedSecurity } from './invest'

export const STATEMENT_FORMATS = ['ofx', 'qfx', 'qif', 'csv', 'camt'] as const
export type StatementFormat = (typeof STATEMENT_FORMATS)[number]

export type ParsedSplit = { amount: Cents; category: string | null; memo: string }

export type ParsedTransaction = {
  /** 1-based line where the row (or the XML entry) starts, for error messages */
  line: number
  date: IsoDate
  /** negative = money out of this account, positive = money in */
  amount: Cents
  /** trimmed, whitespace collapsed; '' when none */
  payee: string
  memo: string
  /** FITID / AcctSvcrRef / NtryRef / bank id column; null when the file has none */
  externalId: string | null
  checkNumber: string | null
  /** QIF L field / CSV category column */
  category: string | null
  /** QIF L[Account] transfer target */
  transferAccount: string | null
  splits: ParsedSplit[]
}

export type AccountType = 'checking' | 'savings' | 'credit_card' | 'investment' | 'loan' | 'cash' | 'other'

export type ParsedBalance = { amount: Cents; date: IsoDate }

export type ParsedAccount = {
  /** stable identity within the file: `${bankId}:${acctId}`, an IBAN, a QIF account name… */
  key: string
  /** a human name to create the account with, e.g. 'Checking ••5678' */
  name: string
  /** only the last 4 characters of the account number, never more */
  numberLast4: string | null
  type: AccountType
  /** ISO 4217 */
  currency: string | null
  ledgerBalance: ParsedBalance | null
  availableBalance: ParsedBalance | null
  /** cash movements (for an investment account: its deposits, withdrawals and bank entries) */
  transactions: ParsedTransaction[]
  /** investment statements: buys, sells, income, fees, splits, shares moved (invest.ts) */
  activities?: ParsedActivity[]
  /** investment statements: the holdings the broker reports */
  positions?: ParsedPosition[]
}

/** e.g. { line: 14, message: 'Line 14: "31/02/2020" is not a valid date' } */
export type ParseIssue = { line: number; message: string }

export type ParseResult = {
  format: StatementFormat
  accounts: ParsedAccount[]
  errors: ParseIssue[]
  warnings: ParseIssue[]
  /** investment statements: the securities they name and the prices they give */
  investments?: { securities: ParsedSecurity[]; prices: ParsedPrice[] }
}

/** Every date format the CSV parser reads (the mapping's choices). */
export const CSV_DATE_FORMATS = [
  'YYYY-MM-DD',
  'MM/DD/YYYY',
  'DD/MM/YYYY',
  'DD.MM.YYYY',
  'MM/DD/YY',
  'DD/MM/YY',
  'DD.MM.YY',
  'DD-MMM-YYYY',
  'YYYYMMDD',
  'YYYY.MM.DD.',
  'MMM D, YYYY',
] as const

export type CsvDateFormat = (typeof CSV_DATE_FORMATS)[number]

export const CSV_DELIMITERS = [',', ';', '\t', '|'] as const
/** the order of day and month in a QIF file's dates */
export const QIF_DATE_ORDERS = ['mdy', 'dmy'] as const

export type CsvColumns = {
  date: number
  amount?: number
  debit?: number
  credit?: number
  payee?: number
  description?: number
  category?: number
  externalId?: number
  /** a column that says whether the amount is money out or in ('Af'/'Bij', 'DR'/'CR', 'D'/'C') */
  direction?: number
}

/** the values of the direction column, compared without case or accents */
export type CsvDirectionValues = { debit: string[]; credit: string[] }

export type CsvMapping = {
  delimiter: (typeof CSV_DELIMITERS)[number]
  decimalSeparator: '.' | ','
  dateFormat: CsvDateFormat
  /** lines before the header row (or before the first data row when there is no header) */
  skipRows: number
  hasHeader: boolean
  /** 0-based column indexes */
  columns: CsvColumns
  /** what the direction column's values mean; the common ones when absent */
  directionValues?: CsvDirectionValues
  /** inverted: positive numbers are spending (credit-card exports) */
  signConvention: 'as-is' | 'inverted'
  /** a WHATWG encoding label ('utf-8', 'windows-1252', 'windows-1250', …); guessed when absent */
  encoding?: string
}

export type QifDateOrder = (typeof QIF_DATE_ORDERS)[number]

export type ParseOptions = {
  format?: StatementFormat
  csv?: CsvMapping
  qifDateOrder?: QifDateOrder
  /** stop after this many transactions (in the whole file), with a warning */
  maxRows?: number
}

/** Thrown when a file is not a statement at all (binary, empty, unknown format, hostile XML). */
export class StatementError extends Error {
  readonly line: number | null

  constructor(message: string, line: number | null = null) {
    super(message)
    this.name = 'StatementError'
    this.line = line
  }
}
