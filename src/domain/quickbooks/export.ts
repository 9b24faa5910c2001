// The QuickBooks export files, pure: the entries to export (each a Kinwise transaction
// already mapped to QuickBooks account names) written as IIF for QuickBooks Desktop, as a QBO Web
// Connect file (OFX 1.0.2 SGML) for Desktop and Online, and as CSV. The server reads the rows and
// the mappings; the clock comes in as an argument.
import type { IsoDate } from '../dates'
import { csvLine, spreadsheetText } from '../csv'
import { ofxText, plainAmount } from '../data-export'
import { asCents, type Cents } from '../money'
import { UNCATEGORIZED_ASSET, UNCATEGORIZED_EXPENSE, UNCATEGORIZED_INCOME } from './chart'

/** Where part of an entry's money came from or went: a category's account or, for a transfer, the other bank account. */
export type ExportLine = { account: string; amount: Cents; memo: string }

export type ExportEntry = {
  /** the Kinwise transaction id: the QBO file's FITID, so importing the file again adds nothing twice */
  id: string
  date: IsoDate
  /** the QuickBooks account (register) the money moved in */
  account: string
  /** the Kinwise account type: a credit card's rows are charges and refunds */
  accountType: string
  /** signed as the account sees it: negative = money out */
  amount: Cents
  payee: string
  memo: string
  transfer: boolean
  /** the other side(s); their amounts add up to `amount` (balanced() makes sure) */
  lines: ExportLine[]
}

/**
 * The entry with lines that add up to its amount: a split whose parts do not (or no line at all)
 * gets the difference on the uncategorized account of its sign, so every IIF block sums to zero.
 */
export function balanced(entry: ExportEntry): ExportEntry {
  const total = entry.lines.reduce((sum, l) => sum + l.amount, 0)
  const rest = entry.amount - total
  if (rest === 0 && entry.lines.length > 0) return entry
  const account = entry.transfer ? UNCATEGORIZED_ASSET : rest < 0 ? UNCATEGORIZED_EXPENSE : UNCATEGORIZED_INCOME
  return { ...entry, lines: [...entry.lines, { account, amount: asCents(rest), memo: '' }] }
}

/** YYYY-MM-DD → MM/DD/YYYY, the date QuickBooks reads in IIF and CSV files. */
export function usDate(date: IsoDate): string {
  return `${date.slice(5, 7)}/${date.slice(8, 10)}/${date.slice(0, 4)}`
}

/**
 * One IIF field: IIF is tab-separated with one record a line and no escape, and QuickBooks takes
 * a field starting with a double quote as quoted — so tabs, line breaks and other control
 * characters become spaces and double quotes become single ones. People open IIF files in
 * spreadsheets too, so the CSV cell rule applies (domain/csv: a formula becomes text).
 */
export function iifField(value: string): string {
  return spreadsheetText(
    value
      .replace(/\p{Cc}+/gu, ' ')
      .replace(/"/g, "'")
      .replace(/ {2,}/g, ' ')
      .trim(),
  )
}

function iifType(entry: ExportEntry): string {
  if (entry.transfer) return 'TRANSFER'
  if (entry.accountType === 'credit_card') return entry.amount < 0 ? 'CREDIT CARD' : 'CCARD REFUND'
  return entry.amount < 0 ? 'CHECK' : 'DEPOSIT'
}

export const IIF_HEADER =
  '!TRNS\tTRNSID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\tCLEAR\r\n' +
  '!SPL\tSPLID\tTRNSTYPE\tDATE\tACCNT\tNAME\tAMOUNT\tDOCNUM\tMEMO\tCLEAR\r\n' +
  '!ENDTRNS\r\n'

/** One transaction as a TRNS line (the register), SPL lines with the opposite amounts, and ENDTRNS. */
export function iifBlock(input: ExportEntry): string {
  const entry = balanced(input)
  const type = iifType(entry)
  const date = usDate(entry.date)
  const name = iifField(entry.payee)
  const row = (kind: 'TRNS' | 'SPL', account: string, amount: number, memo: string) =>
    [kind, '', type, date, iifField(account), name, plainAmount(amount), '', iifField(memo), 'N'].join('\t') + '\r\n'
  return (
    row('TRNS', entry.account, entry.amount, entry.memo) +
    entry.lines.map((l) => row('SPL', l.account, -l.amount, l.memo || entry.memo)).join('') +
    'ENDTRNS\r\n'
  )
}

/** A whole IIF file for QuickBooks Desktop (File → Utilities → Import → IIF Files). */
export function writeIif(entries: readonly ExportEntry[]): string {
  return IIF_HEADER + entries.map(iifBlock).join('')
}

export const CSV_HEADER = ['Date', 'Description', 'Amount', 'Account', 'Category', 'Memo', 'Kinwise ID'] as const

/**
 * A CSV for QuickBooks' bank-transaction upload (Date, Description, Amount are the columns it
 * asks for) with the mapped account and category beside them: one row a line, so a split
 * transaction gives one row per part, each with the part's amount.
 */
export function writeCsv(entries: readonly ExportEntry[]): string {
  let out = csvLine(CSV_HEADER)
  for (const input of entries) {
    const entry = balanced(input)
    for (const line of entry.lines) {
      out += csvLine([usDate(entry.date), entry.payee, plainAmount(line.amount), entry.account, line.account, line.memo || entry.memo, entry.id])
    }
  }
  return out
}

export type QboAccount = {
  /** ACCTID: stable, so QuickBooks links the file to the same account each time */
  accountId: string
  accountType: string
  currency: string
  balance: Cents
  entries: readonly ExportEntry[]
}

/** OFX 1.0.2 caps NAME at 32 characters; the whole payee stays in MEMO when it is longer. */
const OFX_NAME_MAX = 32

const ofxDate = (date: IsoDate) => date.replace(/-/g, '')

/** The ACCTID of a Kinwise account: its id without dashes, cut to OFX's 22 characters. */
export function qboAccountId(kinwiseId: string): string {
  return kinwiseId.replace(/-/g, '').slice(0, 22).toUpperCase()
}

/** Text on one line, not escaped yet. */
const oneLine = (value: string) => value.replace(/[\r\n\t]+/g, ' ').trim()

function qboTransaction(entry: ExportEntry): string {
  // cut and joined as plain text, then escaped once: an entity is never escaped again or cut in two
  const payee = oneLine(entry.payee)
  const name = ofxText(payee.slice(0, OFX_NAME_MAX))
  const memo = ofxText([payee.length > OFX_NAME_MAX ? payee : '', oneLine(entry.memo)].filter(Boolean).join(' — ').slice(0, 255))
  const type = entry.transfer ? 'XFER' : entry.amount < 0 ? 'DEBIT' : 'CREDIT'
  return (
    `<STMTTRN>\n<TRNTYPE>${type}\n<DTPOSTED>${ofxDate(entry.date)}120000\n<TRNAMT>${plainAmount(entry.amount)}\n` +
    `<FITID>${ofxText(entry.id)}\n` +
    (name ? `<NAME>${name}\n` : '') +
    (memo ? `<MEMO>${memo}\n` : '') +
    '</STMTTRN>\n'
  )
}

function qboStatement(account: QboAccount, from: IsoDate, to: IsoDate, asOf: IsoDate): string {
  const card = account.accountType === 'credit_card'
  const accountFrom = card
    ? `<CCACCTFROM>\n<ACCTID>${account.accountId}\n</CCACCTFROM>\n`
    : `<BANKACCTFROM>\n<BANKID>000000000\n<ACCTID>${account.accountId}\n<ACCTTYPE>${account.accountType === 'savings' ? 'SAVINGS' : 'CHECKING'}\n</BANKACCTFROM>\n`
  const [open, close] = card
    ? ['<CCSTMTTRNRS>\n', '</CCSTMTTRNRS>\n']
    : ['<STMTTRNRS>\n', '</STMTTRNRS>\n']
  const body = card ? ['<CCSTMTRS>\n', '</CCSTMTRS>\n'] : ['<STMTRS>\n', '</STMTRS>\n']
  return (
    open +
    '<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n' +
    body[0] +
    `<CURDEF>${ofxText(account.currency)}\n` +
    accountFrom +
    `<BANKTRANLIST>\n<DTSTART>${ofxDate(from)}\n<DTEND>${ofxDate(to)}\n` +
    account.entries.map(qboTransaction).join('') +
    '</BANKTRANLIST>\n' +
    `<LEDGERBAL>\n<BALAMT>${plainAmount(account.balance)}\n<DTASOF>${ofxDate(asOf)}\n</LEDGERBAL>\n` +
    body[1] +
    close
  )
}

/**
 * A QBO Web Connect file: OFX 1.0.2 SGML whose sign-on names the bank QuickBooks expects
 * (`INTU.BID`), one statement per account (bank accounts first, then cards), each transaction's
 * FITID its Kinwise id. `now` is the server time written in DTSERVER; `asOf` the balances' date.
 */
export function writeQbo(input: { intuBid: string; accounts: readonly QboAccount[]; from: IsoDate; to: IsoDate; asOf: IsoDate; now: Date }): string {
  const server = input.now.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  const banks = input.accounts.filter((a) => a.accountType !== 'credit_card')
  const cards = input.accounts.filter((a) => a.accountType === 'credit_card')
  const bid = ofxText(input.intuBid)
  return (
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:USASCII\r\nCHARSET:1252\r\n' +
    'COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n' +
    '<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n' +
    `<DTSERVER>${server}\n<LANGUAGE>ENG\n<FI>\n<ORG>Kinwise\n<FID>${bid}\n</FI>\n<INTU.BID>${bid}\n</SONRS>\n</SIGNONMSGSRSV1>\n` +
    (banks.length > 0 ? `<BANKMSGSRSV1>\n${banks.map((a) => qboStatement(a, input.from, input.to, input.asOf)).join('')}</BANKMSGSRSV1>\n` : '') +
    (cards.length > 0
      ? `<CREDITCARDMSGSRSV1>\n${cards.map((a) => qboStatement(a, input.from, input.to, input.asOf)).join('')}</CREDITCARDMSGSRSV1>\n`
      : '') +
    '</OFX>\n'
  )
}

// windows-1252's bytes 0x80–0x9F (the rest of 0xA0–0xFF is Latin-1, one byte per code point)
const CP1252_HIGH: Record<string, number> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89, 'Š': 0x8a,
  '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97,
  '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
}

/**
 * The bytes of a QBO file in windows-1252, the character set its header declares (QuickBooks
 * reads Web Connect files as banks send them); a character 1252 lacks becomes "?".
 */
export function encodeWindows1252(text: string): Uint8Array {
  const out: number[] = []
  for (const ch of text) {
    const code = ch.codePointAt(0) ?? 0x3f
    if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) out.push(code)
    else out.push(CP1252_HIGH[ch] ?? 0x3f)
  }
  return Uint8Array.from(out)
}
