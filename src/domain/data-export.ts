// The file formats of an export, pure: plain amounts, an OFX 1.0.2 statement per
// account that the project's own OFX reader (domain/import/ofx) reads back, and file names fit
// for a ZIP (the CSV lines are domain/csv's). The server streams them; nothing here holds more
// than one row.
import type { Cents } from './money'
import type { IsoDate } from './dates'

/** Cents as a plain machine-readable decimal: -1234 → "-12.34", 5 → "0.05". */
export function plainAmount(value: Cents | number): string {
  const negative = value < 0
  const abs = Math.abs(value)
  const whole = Math.floor(abs / 100)
  const cents = String(abs % 100).padStart(2, '0')
  return `${negative ? '-' : ''}${String(whole)}.${cents}`
}

/** Text inside an OFX SGML element: no markup characters, no line breaks. */
export function ofxText(value: string): string {
  return value
    .replace(/[\r\n\t]+/g, ' ')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .trim()
}

const ofxDate = (date: IsoDate) => date.replace(/-/g, '')

export type OfxAccount = {
  /** ACCTID: the account's id in the export, so a re-import finds the same account */
  id: string
  type: string
  currency: string
  balance: Cents
}

export type OfxTransaction = {
  id: string
  date: IsoDate
  amount: Cents
  payee: string
  memo: string
}

const BANK_ACCOUNT_TYPES: Record<string, string> = { savings: 'SAVINGS', loan: 'CREDITLINE', mortgage: 'CREDITLINE' }

const isCard = (type: string) => type === 'credit_card'

/** The OFX 1.0.2 header and everything up to the first transaction. */
export function ofxStart(account: OfxAccount, from: IsoDate, to: IsoDate, now: Date): string {
  const server = now.toISOString().replace(/[-:T]/g, '').slice(0, 14)
  const accountFrom = isCard(account.type)
    ? `<CCACCTFROM>\n<ACCTID>${ofxText(account.id)}\n</CCACCTFROM>\n`
    : `<BANKACCTFROM>\n<BANKID>KINWISE\n<ACCTID>${ofxText(account.id)}\n<ACCTTYPE>${BANK_ACCOUNT_TYPES[account.type] ?? 'CHECKING'}\n</BANKACCTFROM>\n`
  const open = isCard(account.type)
    ? '<CREDITCARDMSGSRSV1>\n<CCSTMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<CCSTMTRS>\n'
    : '<BANKMSGSRSV1>\n<STMTTRNRS>\n<TRNUID>1\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<STMTRS>\n'
  return (
    'OFXHEADER:100\r\nDATA:OFXSGML\r\nVERSION:102\r\nSECURITY:NONE\r\nENCODING:UTF-8\r\nCHARSET:NONE\r\n' +
    'COMPRESSION:NONE\r\nOLDFILEUID:NONE\r\nNEWFILEUID:NONE\r\n\r\n' +
    `<OFX>\n<SIGNONMSGSRSV1>\n<SONRS>\n<STATUS>\n<CODE>0\n<SEVERITY>INFO\n</STATUS>\n<DTSERVER>${server}\n<LANGUAGE>ENG\n</SONRS>\n</SIGNONMSGSRSV1>\n` +
    open +
    `<CURDEF>${ofxText(account.currency)}\n` +
    accountFrom +
    `<BANKTRANLIST>\n<DTSTART>${ofxDate(from)}\n<DTEND>${ofxDate(to)}\n`
  )
}

/** One STMTTRN: FITID is the transaction's id, so importing the file twice adds nothing twice. */
export function ofxTransaction(t: OfxTransaction): string {
  const memo = ofxText(t.memo)
  const payee = ofxText(t.payee)
  return (
    `<STMTTRN>\n<TRNTYPE>${t.amount < 0 ? 'DEBIT' : 'CREDIT'}\n<DTPOSTED>${ofxDate(t.date)}\n` +
    `<TRNAMT>${plainAmount(t.amount)}\n<FITID>${ofxText(t.id)}\n` +
    (payee ? `<NAME>${payee}\n` : '') +
    (memo ? `<MEMO>${memo}\n` : '') +
    '</STMTTRN>\n'
  )
}

/** The ledger balance and the closing tags. */
export function ofxEnd(account: OfxAccount, asOf: IsoDate): string {
  const close = isCard(account.type)
    ? '</CCSTMTRS>\n</CCSTMTTRNRS>\n</CREDITCARDMSGSRSV1>\n'
    : '</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n'
  return `</BANKTRANLIST>\n<LEDGERBAL>\n<BALAMT>${plainAmount(account.balance)}\n<DTASOF>${ofxDate(asOf)}\n</LEDGERBAL>\n${close}</OFX>\n`
}

/**
 * A file name for an account's OFX inside the ZIP: the account's name without folders or
 * characters file systems refuse, made unique among `taken` (which it joins).
 */
export function accountFileName(name: string, taken: Set<string>): string {
  const base =
    [...name]
      .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
      .join('')
      .replace(/[\\/:*?"<>|]/g, '-')
      .replace(/^[.\s]+|[.\s]+$/g, '')
      .slice(0, 80) || 'account'
  let candidate = base
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${base} (${String(n)})`
  taken.add(candidate.toLowerCase())
  return candidate
}
