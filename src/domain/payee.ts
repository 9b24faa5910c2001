// Payee text as banks write it ("POS PURCHASE STARBUCKS #1234 SEATTLE") reduced to comparable
// words: the key the learned category suggestions are stored under, and the similarity the
// duplicate check uses when a row has no bank id.

/** Words banks add around the merchant's name that say nothing about who was paid. */
const NOISE = new Set([
  'pos',
  'purchase',
  'debit',
  'card',
  'checkcard',
  'visa',
  'mastercard',
  'maestro',
  'contactless',
  'ach',
  'dda',
  'recurring',
  'authorized',
  'the',
  'inc',
  'llc',
  'ltd',
  'gmbh',
])

/** Printable ASCII: nothing to take accents off. */
const ASCII = /^[ -~]*$/

/** Longest payee text looked at: nothing useful comes after it, and it bounds the work. */
const MAX_PAYEE_CHARS = 200

/**
 * Lower-case words of a payee, accents, digits and punctuation stripped, bank noise words and
 * single letters dropped, each word once, in order of first appearance.
 */
export function payeeTokens(payee: string): string[] {
  let text = payee.slice(0, MAX_PAYEE_CHARS).toLowerCase()
  // most bank text is ASCII: only the rest needs its accents taken off
  text = ASCII.test(text) ? text.replace(/[^a-z]+/g, ' ') : text.normalize('NFD').replace(/\p{M}/gu, '').replace(/[^\p{L}]+/gu, ' ')
  const words = text.split(' ')
  const seen = new Set<string>()
  const tokens: string[] = []
  for (const word of words) {
    if (word.length < 2 || NOISE.has(word) || seen.has(word)) continue
    seen.add(word)
    tokens.push(word)
  }
  return tokens
}

/**
 * The key a payee's learned category is stored under: 'STARBUCKS #1234 Seattle' and
 * 'Starbucks 0042 SEATTLE' share 'starbucks seattle'. '' when the payee has no words.
 */
export function payeeKey(payee: string): string {
  return payeeTokens(payee).join(' ').slice(0, 100)
}

/**
 * How alike two payees are, 0..1: the Dice coefficient of their word sets, or 1 when every word
 * of the shorter one (at least one word of 3+ letters) is in the longer one ('Starbucks' and
 * 'STARBUCKS COFFEE SEATTLE WA'). Payees with no words at all (empty, or digits only) say
 * nothing either way: 1, so amount and date decide.
 */
export function payeeSimilarity(a: readonly string[], b: readonly string[]): number {
  if (a.length === 0 || b.length === 0) return 1
  const [small, large] = a.length <= b.length ? [a, b] : [b, a]
  const inLarge = new Set(large)
  let common = 0
  for (const word of small) if (inLarge.has(word)) common++
  if (common === small.length && small.some((w) => w.length >= 3)) return 1
  return (2 * common) / (a.length + b.length)
}

/** Similarity at or above which two rows with the same amount and close dates are one. */
export const PAYEE_MATCH_THRESHOLD = 0.5

/** True when `run` appears in `words` as consecutive words. */
function containsRun(words: readonly string[], run: readonly string[]): boolean {
  if (run.length === 0 || run.length > words.length) return false
  outer: for (let i = 0; i + run.length <= words.length; i++) {
    for (let j = 0; j < run.length; j++) if (words[i + j] !== run[j]) continue outer
    return true
  }
  return false
}

/**
 * Whether two payees are the same one, on words already reduced by payeeTokens: one's words stand
 * in the other's in a row ('oakwood apartments' in 'oakwood apartments web pmt'), or both start
 * with the same word of 3 letters or more ('acme payroll' and 'acme corp payroll ppd'). The rule
 * bills and expected income are matched on.
 */
export function payeeWordsMatch(bill: readonly string[], payment: readonly string[]): boolean {
  if (bill.length === 0 || payment.length === 0) return false
  if (containsRun(payment, bill) || containsRun(bill, payment)) return true
  const lead = bill[0] ?? ''
  return lead.length >= 3 && lead === payment[0]
}
