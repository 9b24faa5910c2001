// The advisor's deterministic understanding of a question: which of the common
// questions it is (spending on X in a period, biggest expenses, can I afford Y — this month or in
// a month ahead —, how much will I have at the end of a month, when will goal Z be reached, bills
// due, net worth, balances, budgets) and what it names — a category, payee, goal or account of
// the household, matched loosely (case, accents, plurals, one typo). A question it cannot place
// is unknown rather than answered as another one: one that looks ahead ("will",
// "next year", "in June") is never answered about this month or a month gone by. Pure: the
// household's names and today come in as arguments.
import { monthTense, type MonthTense } from '../allowance'
import { addDays, addMonths, endOfMonth, makeDate, MONTH_NAMES, monthLabel, startOfMonth, type IsoDate } from '../dates'
import { parseDecimalToCents, type Cents } from '../money'

export type Named = { id: string; name: string }

/** The household's names a question may mention. */
export type Vocabulary = {
  categories: readonly Named[]
  payees: readonly string[]
  goals: readonly Named[]
  accounts: readonly Named[]
}

/** Whole months from `from` (a 1st) to `to` (a month's last day), with words for it. */
export type Period = { from: IsoDate; to: IsoDate; label: string }

/** Days from today: bills due. */
export type DayRange = { from: IsoDate; to: IsoDate; label: string }

/** A month a question looks ahead to (or back to: a past one is refused when planning). */
export type MonthAhead = { first: IsoDate; label: string; tense: MonthTense }

export type Question =
  | { kind: 'spending'; category: Named | null; payee: string | null; period: Period }
  | { kind: 'biggest_expenses'; period: Period }
  /** month null: this month, today's plan */
  | { kind: 'afford'; amount: Cents | null; item: string; month: MonthAhead | null }
  | { kind: 'projected_balance'; month: MonthAhead }
  | { kind: 'goal'; goal: Named | null }
  | { kind: 'bills_due'; range: DayRange }
  | { kind: 'net_worth' }
  | { kind: 'balance'; account: Named | null }
  | { kind: 'budgets'; period: Period }
  | { kind: 'unknown' }


const MONTH_WORDS: ReadonlyMap<string, number> = new Map(
  MONTH_NAMES.flatMap((name, i) => {
    const lower = name.toLowerCase()
    const words: [string, number][] = [[lower, i + 1]]
    // "may" is also a verb ("may I afford"): only the full name of the other months is short
    if (lower.length > 3) words.push([lower.slice(0, 3), i + 1])
    if (lower === 'september') words.push(['sept', 9])
    return words
  }),
)

/** Lower case, accents off, anything but letters, digits, '.', ',' and '$' a space. */
export function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[’']/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
}

/** A word without its plural or common ending: groceries → grocery, subscriptions → subscription. */
export function stem(word: string): string {
  if (word.length > 4 && word.endsWith('ies')) return `${word.slice(0, -3)}y`
  if (word.length > 4 && /(ches|shes|sses|xes)$/.test(word)) return word.slice(0, -2)
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return word.slice(0, -1)
  return word
}

/** Levenshtein distance, stopping early past `most`. */
function distance(a: string, b: string, most: number): number {
  if (Math.abs(a.length - b.length) > most) return most + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const row = [i]
    let best = i
    for (let j = 1; j <= b.length; j++) {
      const value = Math.min((prev[j] ?? 0) + 1, (row[j - 1] ?? 0) + 1, (prev[j - 1] ?? 0) + (a[i - 1] === b[j - 1] ? 0 : 1))
      row.push(value)
      best = Math.min(best, value)
    }
    if (best > most) return most + 1
    prev = row
  }
  return prev[b.length] ?? most + 1
}

/** Words a name is made of that say nothing on their own. */
const FILLER = new Set(['and', 'the', 'of', 'for', 'my', 'a', 'an', 'to', 'in', 'on', 'at', '&'])

/** Words of a name people leave out when they mention it. */
const GENERIC = new Set(['fund', 'funds', 'goal', 'account', 'savings', 'saving', 'card', 'budget'])

function wordsMatch(nameWord: string, textWord: string): boolean {
  if (nameWord === textWord) return true
  const a = stem(nameWord)
  const b = stem(textWord)
  if (a === b) return true
  // one typo in a longer word ("groceris", "resturant")
  return a.length >= 5 && b.length >= 5 && distance(a, b, 1) <= 1
}

/**
 * How well `name` is mentioned in the (normalised) words of a question: 0 when not; otherwise
 * higher for an exact mention and for longer names, so "Coffee Shops" wins over "Coffee".
 */
export function mentionScore(name: string, words: readonly string[], joined: string): number {
  const normal = normalise(name)
  if (normal === '') return 0
  if (` ${joined} `.includes(` ${normal} `)) return 1000 + normal.length
  const nameWords = normal.split(' ').filter((w) => !FILLER.has(w) && w.length >= 2)
  if (nameWords.length === 0) return 0
  // "my vacation goal" names "Vacation Fund": words like fund or account may be left out
  const specific = nameWords.filter((w) => !GENERIC.has(w))
  const needed = specific.length > 0 ? specific : nameWords
  for (const nameWord of needed) {
    if (!words.some((w) => wordsMatch(nameWord, w))) return 0
  }
  return 500 + needed.join(' ').length
}

/** The best-mentioned of `items` in the question, or null. */
export function bestMention<T>(items: readonly T[], nameOf: (item: T) => string, words: readonly string[], joined: string): { item: T; score: number } | null {
  let best: { item: T; score: number } | null = null
  for (const item of items) {
    const score = mentionScore(nameOf(item), words, joined)
    if (score > 0 && (best === null || score > best.score)) best = { item, score }
  }
  return best
}

function wholeMonths(first: IsoDate, last: IsoDate, label: string): Period {
  return { from: first, to: endOfMonth(last), label }
}

/**
 * The months a question is about: this/last month, this/last year, "in March" (the latest March
 * not after this month), "in March 2025", "the last 3 months" (the three before this one), or
 * null when it names none.
 */
export function parsePeriod(joined: string, today: IsoDate): Period | null {
  const thisMonth = startOfMonth(today)
  const year = Number(today.slice(0, 4))
  if (/\blast month\b|\bprevious month\b|\bpast month\b/.test(joined)) {
    const first = addMonths(thisMonth, -1)
    return wholeMonths(first, first, monthLabel(first))
  }
  if (/\bthis month\b|\bso far\b(?! this year)|\bcurrent month\b/.test(joined) && !/\bthis year\b/.test(joined)) {
    return wholeMonths(thisMonth, thisMonth, `this month (${monthLabel(thisMonth)})`)
  }
  const lastN = /\b(?:last|past|previous) (\d{1,2}|two|three|four|five|six|twelve) months\b/.exec(joined)
  if (lastN?.[1]) {
    const words: Record<string, number> = { two: 2, three: 3, four: 4, five: 5, six: 6, twelve: 12 }
    const n = Math.min(24, Math.max(1, words[lastN[1]] ?? Number(lastN[1])))
    const first = addMonths(thisMonth, -n)
    const last = addMonths(thisMonth, -1)
    return wholeMonths(first, last, `the last ${n} months (${monthLabel(first)} to ${monthLabel(last)})`)
  }
  if (/\bthis year\b|\bso far this year\b|\byear to date\b|\bytd\b/.test(joined)) {
    return wholeMonths(makeDate(year, 1, 1), thisMonth, `this year (${year})`)
  }
  if (/\blast year\b|\bprevious year\b/.test(joined)) {
    return wholeMonths(makeDate(year - 1, 1, 1), makeDate(year - 1, 12, 1), String(year - 1))
  }
  const words = joined.split(' ')
  for (let i = 0; i < words.length; i++) {
    const month = MONTH_WORDS.get(words[i] ?? '')
    if (month === undefined) continue
    // "may" counts as the month only after "in" / "for" / "during" or before a year
    const next = words[i + 1] ?? ''
    const hasYear = /^(19|20)\d\d$/.test(next)
    if (words[i] === 'may' && !hasYear && !['in', 'for', 'during', 'of', 'since'].includes(words[i - 1] ?? '')) continue
    let y = hasYear ? Number(next) : year
    let first = makeDate(y, month, 1)
    if (!hasYear && first > thisMonth) {
      y -= 1
      first = makeDate(y, month, 1)
    }
    return wholeMonths(first, first, monthLabel(first))
  }
  const inYear = /\b(?:in|during|for) ((?:19|20)\d\d)\b/.exec(joined)
  if (inYear?.[1]) {
    const y = Number(inYear[1])
    const last = y === year ? thisMonth : makeDate(y, 12, 1)
    return wholeMonths(makeDate(y, 1, 1), last, String(y))
  }
  return null
}

/** The days a bills question covers: this week (7 days), this month (to its end), or 30 days. */
export function parseDayRange(joined: string, today: IsoDate): DayRange {
  if (/\btoday\b/.test(joined)) return { from: today, to: today, label: 'today' }
  if (/\btomorrow\b/.test(joined)) return { from: today, to: addDays(today, 1), label: 'by tomorrow' }
  if (/\b(this|next|coming) week\b|\b7 days\b|\bseven days\b/.test(joined)) return { from: today, to: addDays(today, 6), label: 'in the next 7 days' }
  if (/\bnext month\b/.test(joined)) {
    const first = addMonths(startOfMonth(today), 1)
    return { from: today, to: endOfMonth(first), label: `by the end of ${monthLabel(first)}` }
  }
  if (/\bthis month\b|\bmonth\b/.test(joined)) return { from: today, to: endOfMonth(today), label: `by the end of ${monthLabel(startOfMonth(today))}` }
  return { from: today, to: addDays(today, 29), label: 'in the next 30 days' }
}

const COUNT_WORDS: Record<string, number> = { a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12 }
const COUNT = `(\\d{1,2}|${Object.keys(COUNT_WORDS).join('|')})`
const countOf = (word: string): number => COUNT_WORDS[word] ?? Number(word)

/** Words before "may" that make it the month ("in may"), not the verb ("may I"). */
const BEFORE_MAY = new Set(['in', 'for', 'during', 'of', 'since', 'by', 'until', 'till', 'before', 'after', 'through'])

/**
 * A month named in a question, looking ahead: "June" is this year's June while it is not over,
 * else next year's; "June 2027", "June next year" and "June this year" are those. Null when none
 * is named.
 */
export function namedMonth(joined: string, today: IsoDate): IsoDate | null {
  const thisMonth = startOfMonth(today)
  const year = Number(today.slice(0, 4))
  const words = joined.split(' ')
  for (let i = 0; i < words.length; i++) {
    const month = MONTH_WORDS.get(words[i] ?? '')
    if (month === undefined) continue
    const next = words[i + 1] ?? ''
    const hasYear = /^(19|20)\d\d$/.test(next)
    if (words[i] === 'may' && !hasYear && !BEFORE_MAY.has(words[i - 1] ?? '')) continue
    if (hasYear) return makeDate(Number(next), month, 1)
    if (next === 'next' && words[i + 2] === 'year') return makeDate(year + 1, month, 1)
    if (next === 'this' && words[i + 2] === 'year') return makeDate(year, month, 1)
    const first = makeDate(year, month, 1)
    return first < thisMonth ? makeDate(year + 1, month, 1) : first
  }
  return null
}

/** Time a question names that is not a month the plan can be seen in: a year, a season, a week ahead, "someday". */
const UNPLACED = new RegExp(
  [
    '\\bnext year\\b',
    '\\blater this year\\b',
    `\\b(?:in|within) ${COUNT} (?:years?|weeks?|days?)\\b`,
    '\\b(?:years?|weeks?) from now\\b',
    '\\b(?:in|by|during|for|until|till|before|after) (?:19|20)\\d\\d\\b',
    '\\b(?:this|next|in|by|during|over|until|till|before|after) (?:the )?(?:summer|winter|spring|autumn|fall|christmas|holidays|new year)\\b',
    '\\bsome ?day\\b',
    '\\beventually\\b',
    '\\bone day\\b',
    '\\bin the future\\b',
    '\\bwhen i retire\\b',
  ].join('|'),
)

/**
 * The month a question is about when it plans: a named month (see namedMonth), next month, in
 * N months, last month, or this month (also "the end of the month", today, this week). 'unplaced'
 * when it names a time that is no month (next year, the summer, in 2 years); null when it names
 * no time at all.
 */
export function parseMonthAhead(joined: string, today: IsoDate): MonthAhead | 'unplaced' | null {
  const thisMonth = startOfMonth(today)
  const at = (first: IsoDate): MonthAhead => ({ first, label: monthLabel(first), tense: monthTense(first, today) })
  const named = namedMonth(joined, today)
  if (named) return at(named)
  if (UNPLACED.test(joined)) return 'unplaced'
  if (/\bnext month\b|\bcoming month\b/.test(joined)) return at(addMonths(thisMonth, 1))
  const inN = new RegExp(`\\b(?:in|within) ${COUNT} months?\\b|\\b${COUNT} months? (?:from now|ahead|from today)\\b`).exec(joined)
  const n = inN?.[1] ?? inN?.[2]
  if (n) return at(addMonths(thisMonth, countOf(n)))
  if (/\blast month\b|\bprevious month\b/.test(joined)) return at(addMonths(thisMonth, -1))
  if (/\btomorrow\b/.test(joined)) return at(startOfMonth(addDays(today, 1)))
  if (/\bnext week(?:end)?\b/.test(joined)) return at(startOfMonth(addDays(today, 7)))
  if (/\bthis month\b|\b(?:end|rest) of (?:the |this )?month\b|\bmonth end\b|\btoday\b|\btonight\b|\bnow\b|\bthis week(?:end)?\b/.test(joined)) return at(thisMonth)
  return null
}

/** Words of a question that look ahead: answering it about this month or the past would answer another question. */
const LOOKS_AHEAD = new RegExp(
  [
    '\\bwill\\b',
    '\\bgoing to\\b',
    '\\bgonna\\b',
    '\\bnext (?:month|year|week)\\b',
    '\\bcoming months?\\b',
    `\\b(?:in|within) ${COUNT} (?:months?|years?|weeks?)\\b`,
    '\\b(?:months?|years?) from now\\b',
    '\\bprojected\\b',
    '\\bforecast\\b',
  ].join('|'),
)

/** Plans that are no purchase: "can I afford to retire at 50" is a retirement question. */
const NOT_A_PURCHASE = /\bretir(?:e|ed|ing|ement)\b|\bquit (?:my|the) job\b|\bstop working\b/

/** The price named in a question: "$1,299.99", "1299 dollars", "€80", "80 eur"; null if none. */
export function parseAmount(text: string): Cents | null {
  const withSign = /[$€£]\s?(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\b/.exec(text)
  const withWord = /\b(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\s?(?:dollars?|bucks|usd|eur|euros?|gbp|pounds?)\b/i.exec(text)
  const bare = /\b(\d{1,3}(?:,\d{3})+|\d+)(\.\d{1,2})?\b(?!\s?(?:months?|days?|weeks?|years?))/.exec(text.replace(/\b(19|20)\d\d\b/g, ' '))
  const m = withSign ?? withWord ?? bare
  if (!m?.[1]) return null
  const value = parseDecimalToCents(`${m[1].replace(/,/g, '')}${m[2] ?? ''}`)
  return value !== null && value > 0 ? value : null
}

const MONTH_PATTERN = [...MONTH_WORDS.keys()].join('|')
/** A time at the end of what is bought: "a vacation in June", "a bike next month". */
const TIME_TAIL = new RegExp(
  `\\s+(?:(?:in|by|during|for|within|until|till|before|after|around|at the end of|this|next|coming)\\s+)+(?:the\\s+)?(?:${MONTH_PATTERN}|month|year|week|weekend|summer|winter|spring|autumn|fall|christmas|holidays|${COUNT}\\s+(?:months?|years?|weeks?|days?))\\b.*$`,
  'i',
)

/** What is being bought in "can I afford a new bike for $300": "a new bike". */
function affordItem(text: string): string {
  const m = /\b(?:afford|buy|get|purchase)\s+(.+?)(?:\s+(?:for|at|costing|that costs|which costs|priced at)\b.*)?[?.!]*$/i.exec(text.trim())
  const item = (m?.[1] ?? '').replace(/[$€£]\s?[\d,.]+|\b\d[\d,.]*\s?(?:dollars?|usd|eur|euros?)?/gi, '').replace(/\s+/g, ' ').trim()
  return item.replace(TIME_TAIL, '').trim().slice(0, 80)
}

const SPENDING = /\b(spen[dt]|spending|spendings|cost|costs|paid|pay|expenses?|outgoings?|blow|blew)\b/
const BIGGEST = /\b(biggest|largest|highest|top|most expensive|big|largest)\b.*\b(expenses?|purchases?|spending|transactions?|costs?|payments?|bills)\b|\bwhere (did|does) (all )?my money go\b|\bwhat did i spend the most on\b/

/** "How much will I have at the end of March?", "What will my balance be in June?" */
const PROJECTED_BALANCE =
  /\bhow much (?:money )?will (?:i|we) have\b|\bwhat will (?:i|we) have\b|\bwhat will (?:my |our )?(?:balances?|cash) be\b|\bhow much will (?:be left|i have left|we have left)\b|\bwill (?:i|we) have (?:any )?(?:money )?left\b|\bprojected balances?\b/

/**
 * Which common question `text` is. Order matters: "can I afford" and "how much will I have"
 * first (both look ahead), goals before spending (both may mention money), bills before spending
 * ("bills due" is not spending). A question about the past or this month that looks ahead
 * ("how much will I spend", "my net worth next year") is unknown: those answers are about what
 * happened so far.
 */
export function parseQuestion(text: string, vocab: Vocabulary, today: IsoDate): Question {
  const joined = normalise(text)
  const words = joined.split(' ').filter(Boolean)
  if (words.length === 0) return { kind: 'unknown' }

  if (/\bafford\b|\bcan i (buy|get|purchase)\b|\bshould i (buy|get|purchase)\b|\bis there room for\b/.test(joined)) {
    if (NOT_A_PURCHASE.test(joined)) return { kind: 'unknown' }
    const month = parseMonthAhead(joined, today)
    if (month === 'unplaced') return { kind: 'unknown' }
    // this month stays today's plan (the daily allowance); any other month is planned ahead
    return { kind: 'afford', amount: parseAmount(text), item: affordItem(text), month: month === null || month.tense === 'current' ? null : month }
  }

  if (PROJECTED_BALANCE.test(joined)) {
    // "will I have saved" is a goal's question; the projection is of the accounts together, not one of them
    if (/\bhave saved\b/.test(joined) || bestMention(vocab.accounts, (a) => a.name, words, joined)) return { kind: 'unknown' }
    const month = parseMonthAhead(joined, today) ?? parseMonthAhead('this month', today)
    if (month === null || month === 'unplaced') return { kind: 'unknown' }
    return { kind: 'projected_balance', month }
  }

  const goal = bestMention(vocab.goals, (g) => g.name, words, joined)
  if (/\bgoals?\b/.test(joined) || (goal && /\b(when|reach|reached|hit|finish|done|save|saved|saving|how long|on track)\b/.test(joined))) {
    return { kind: 'goal', goal: goal?.item ?? null }
  }

  if (/\bbills?\b|\bdue\b|\bupcoming payments?\b|\bhave to pay\b|\bneed to pay\b/.test(joined)) {
    // the bills due from today on (to next month's end at most): another month, or a time that
    // is no month, is another question
    const month = parseMonthAhead(joined, today)
    if (month === 'unplaced' || (month !== null && month.tense !== 'current' && !/\bnext month\b|\btomorrow\b|\bnext week\b/.test(joined))) return { kind: 'unknown' }
    return { kind: 'bills_due', range: parseDayRange(joined, today) }
  }

  // what follows answers with what has happened so far
  if (LOOKS_AHEAD.test(joined) || parseMonthAhead(joined, today) === 'unplaced') return { kind: 'unknown' }

  if (/\bnet ?worth\b|\bhow much am i worth\b|\bwhat am i worth\b/.test(joined)) return { kind: 'net_worth' }

  if (BIGGEST.test(joined)) {
    return { kind: 'biggest_expenses', period: parsePeriod(joined, today) ?? parsePeriod('this month', today) ?? fallbackPeriod(today) }
  }

  if (/\bbudgets?\b/.test(joined)) {
    return { kind: 'budgets', period: parsePeriod(joined, today) ?? fallbackPeriod(today) }
  }

  if (SPENDING.test(joined)) {
    const category = bestMention(vocab.categories, (c) => c.name, words, joined)
    const payee = bestMention(vocab.payees, (p) => p, words, joined)
    const period = parsePeriod(joined, today) ?? fallbackPeriod(today)
    // a month named with a year still ahead has no spending yet: that is not what was asked
    if (period.from > startOfMonth(today)) return { kind: 'unknown' }
    // "at Harbor Grocers" names a payee; otherwise the better mention wins, a category on a tie
    const saysAt = payee !== null && new RegExp(`\\b(at|to|from|with) ${normalise(payee.item).split(' ')[0] ?? ''}`).test(joined)
    if (payee && (!category || saysAt || payee.score > category.score)) return { kind: 'spending', category: null, payee: payee.item, period }
    return { kind: 'spending', category: category?.item ?? null, payee: null, period }
  }

  const account = bestMention(vocab.accounts, (a) => a.name, words, joined)
  if (/\bbalances?\b|\bhow much (money )?(do i have|have i got|is (there )?in|is left in)\b|\bin my (accounts?|bank)\b|\bmy accounts?\b/.test(joined) || (account && /\bhow much\b/.test(joined))) {
    return { kind: 'balance', account: account?.item ?? null }
  }

  return { kind: 'unknown' }
}

function fallbackPeriod(today: IsoDate): Period {
  const first = startOfMonth(today)
  return { from: first, to: endOfMonth(first), label: `this month (${monthLabel(first)})` }
}

/** Questions the engine understands, shown as suggestions and in the "I can answer…" reply. */
export const EXAMPLE_QUESTIONS = [
  'How much did I spend on groceries last month?',
  'What were my biggest expenses this month?',
  'Can I afford a $300 bike?',
  'Can I afford a $2,000 vacation in June?',
  'How much will I have at the end of March?',
  'When will I reach my vacation goal?',
  'What bills are due this week?',
  'What is my net worth?',
  'How much did I spend this year?',
  'What are my account balances?',
] as const
