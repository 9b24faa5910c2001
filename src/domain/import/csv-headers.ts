// The names of CSV columns: headers normalized across languages and accents, the words that mark
// each column's role, and the extra columns (currency, account, check number, status) a parser
// watches beside the mapped ones.

/** 'Zaúčtovaná částka' → 'zauctovana castka', 'Withdrawals (SGD)' → 'withdrawals sgd'. */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/ß/g, 'ss')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
}

type RoleWords = { exact: string[]; contains: string[]; never?: string[] }

export const ROLE_WORDS: Record<'date' | 'amount' | 'debit' | 'credit' | 'payee' | 'description' | 'category' | 'externalId', RoleWords> = {
  date: {
    exact: [
      'date', 'transaction date', 'booking date', 'posting date', 'posted date', 'date processed', 'trans date',
      'transaction posted date', 'buchungstag', 'buchungsdatum', 'datum', 'datum zauctovani', 'datum provedeni',
      'boekdatum', 'transactiedatum', 'fecha', 'fecha operacion', 'data', 'data operazione', 'date operation',
      'date de l operation', 'data ksiegowania', 'datum transakce', 'started date', 'completed date',
    ],
    contains: ['date', 'datum', 'fecha', 'data', 'buchungstag'],
    never: ['value', 'valuta', 'rente', 'wertstellung', 'valeur', 'update'],
  },
  amount: {
    exact: [
      'amount', 'transaction amount', 'betrag', 'umsatz', 'bedrag', 'zauctovana castka', 'castka', 'montant',
      'importo', 'importe', 'kwota', 'belopp', 'beloeb', 'summe', 'amount eur', 'amount gbp', 'amount usd', 'net', 'net amount',
    ],
    contains: ['amount', 'betrag', 'bedrag', 'castka', 'montant', 'importe', 'importo', 'kwota', 'belopp', 'osszeg'],
    never: [
      'original', 'oorspr', 'puvodni', 'saldo', 'balance', 'fee', 'poplatek', 'gebuhr', 'kurs', 'koers', 'rate', 'foreign',
      'debit', 'credit', 'withdrawal', 'deposit', 'gross',
    ],
  },
  debit: {
    exact: ['debit', 'debet', 'withdrawal', 'withdrawals', 'outflow', 'paid out', 'money out', 'ausgang', 'soll', 'debit amount', 'af', 'uitgaven'],
    contains: ['withdrawal', 'debit', 'debet', 'outflow', 'paid out', 'money out', 'ausgang'],
    never: ['card', 'type', 'credit'],
  },
  credit: {
    exact: ['credit', 'deposit', 'deposits', 'inflow', 'paid in', 'money in', 'eingang', 'haben', 'credit amount', 'bij', 'inkomsten'],
    contains: ['deposit', 'credit', 'inflow', 'paid in', 'money in', 'eingang'],
    never: ['card', 'type', 'debit', 'limit'],
  },
  payee: {
    exact: [
      'payee', 'name', 'naam tegenpartij', 'beguenstigter zahlungspflichtiger', 'begunstigter zahlungspflichtiger',
      'zahlungsempfaenger', 'zahlungsempfanger', 'empfaenger', 'empfanger', 'auftraggeber empfaenger',
      'nazev protiuctu', 'counterparty name', 'counterparty', 'merchant', 'merchant name', 'beneficiary', 'tegenpartij',
      'nom', 'beneficiario', 'payee name', 'recipient', 'partner name',
    ],
    contains: ['payee', 'merchant', 'beguenstigter', 'begunstigter', 'empfaenger', 'empfanger', 'tegenpartij', 'counterparty', 'protiuctu'],
    never: ['iban', 'account', 'rekening', 'konto', 'bic', 'adres', 'address', 'cislo', 'bank'],
  },
  description: {
    exact: [
      'description', 'transaction description', 'omschrijving', 'omschrijving 1', 'verwendungszweck', 'buchungstext',
      'details', 'transaction details', 'narrative', 'zprava', 'zprava pro prijemce', 'popis', 'text', 'libelle',
      'descripcion', 'causale', 'particulars', 'booking text', 'purpose', 'mitteilung', 'memo', 'reference', 'concepto',
      'vrije mededeling', 'tytul',
    ],
    contains: ['description', 'omschrijving', 'verwendungszweck', 'buchungstext', 'details', 'narrative', 'libelle', 'memo'],
  },
  category: {
    exact: ['category', 'categorie', 'kategorie', 'categoria', 'category name'],
    contains: [],
  },
  externalId: {
    exact: [
      'id', 'transaction id', 'id transakce', 'volgnr', 'transactiereferentie', 'reference number', 'transaction reference',
      'fitid', 'unique id', 'bank reference', 'referenz', 'transaction number', 'reference id',
    ],
    contains: [],
  },
}

/** Headers of a column that says whether the amount is money out or in. */
export const DIRECTION_HEADERS = new Set([
  'af bij', 'bij af', 'debit credit', 'credit debit', 'dr cr', 'cr dr', 'd c', 'c d', 'soll haben', 's h', 'direction',
  'debit or credit', 'credit or debit', 'debet credit', 'credit debet', 'cd', 'dc', 'drcr', 'crdr',
])

export const CURRENCY_HEADERS = new Set(['currency', 'munt', 'waehrung', 'wahrung', 'mena', 'mena uctu', 'devise', 'valuta', 'ccy', 'currency code'])
export const ACCOUNT_HEADERS = new Set([
  'iban bban', 'iban', 'rekeningnummer', 'account', 'account number', 'auftragskonto', 'iban auftraggeberkonto', 'cislo uctu', 'konto',
])
export const CHECK_HEADERS = new Set(['checknumber', 'check number', 'check', 'check no', 'cheque number', 'cheque no', 'chq no'])
export const STATUS_HEADERS = new Set(['status', 'info', 'state', 'stav'])

const wordStarts = new Map<string, RegExp>()

/** True when `word` starts a word of the header ('withdrawals sgd' has 'withdrawal'). */
function hasWord(header: string, word: string): boolean {
  let re = wordStarts.get(word)
  if (!re) {
    re = new RegExp(`(^|\\s)${word}`)
    wordStarts.set(word, re)
  }
  return re.test(header)
}

export function findColumn(headers: string[], words: RoleWords, taken: Set<number>): number | undefined {
  for (const word of words.exact) {
    const i = headers.findIndex((h, index) => h === word && !taken.has(index))
    if (i !== -1) return i
  }
  for (const word of words.contains) {
    const i = headers.findIndex(
      (h, index) => !taken.has(index) && hasWord(h, word) && !(words.never ?? []).some((never) => h.includes(never)),
    )
    if (i !== -1) return i
  }
  return undefined
}

export function headerMatches(cell: string): number {
  const h = normalizeHeader(cell)
  if (h === '') return 0
  let score = 0
  for (const words of Object.values(ROLE_WORDS)) {
    if (words.exact.includes(h)) score += 2
    else if (words.contains.some((w) => h.includes(w))) score += 1
  }
  return score
}
