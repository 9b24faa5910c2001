// The advisor's answers in words, from figures the server computed: each answer says
// its numbers once, exactly, and lists them as figures with a link to what is behind them (the
// transactions, the goal, the bills), so nothing in a reply is a number the reader cannot check.
import { dailyAllowance } from '../allowance'
import { compareDates, dayLabel, monthLabel, type IsoDate } from '../dates'
import { monthsToComplete, projectedCompletionDate } from '../goal-status'
import { asCents, formatMoney, subCents, type Cents } from '../money'
import { affordInMonth, MAX_PROJECTION_MONTHS, type ProjectedMonth, type Projection } from '../plan/projection'
import { EXAMPLE_QUESTIONS, type DayRange, type Period } from './question'

/** Who wrote a message of an advisor conversation. */
export const ADVISOR_ROLES = ['user', 'assistant'] as const
/** What wrote a reply: these answers (deterministic) or a configured language model. */
export const ADVISOR_ENGINES = ['deterministic', 'model'] as const

export type Figure = {
  label: string
  /** the figure in cents when it is money; null for a date or a count */
  amount: Cents | null
  /** the figure as the reply says it */
  value: string
  /** where the figure comes from in the app */
  href: string | null
}

export type Answer = { text: string; figures: Figure[] }

/** The member's currency and locale, for every amount said. */
export type Format = { currency: string; locale: string }

const money = (value: Cents, f: Format): string => formatMoney(value, f.currency, f.locale)

const moneyFigure = (label: string, amount: Cents, f: Format, href: string | null): Figure => ({ label, amount, value: money(amount, f), href })

const plural = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`

/** A link to the transactions list with its filters (the page's own query names). */
export function transactionsHref(filters: { category?: string; q?: string; account?: string; from?: IsoDate; to?: IsoDate }): string {
  const params = new URLSearchParams()
  if (filters.category) params.set('category', filters.category)
  if (filters.account) params.set('account', filters.account)
  if (filters.q) params.set('q', filters.q)
  if (filters.from) params.set('from', filters.from)
  if (filters.to) params.set('to', filters.to)
  const query = params.toString()
  return query ? `/transactions?${query}` : '/transactions'
}

export type SpendingLine = { name: string; total: Cents; href: string }

/** "You spent $412.50 on Groceries in February 2026." */
export function spendingAnswer(
  input: { subject: { kind: 'category' | 'payee'; name: string; total: Cents; href: string } | null; total: Cents; period: Period; top: readonly SpendingLine[] },
  f: Format,
): Answer {
  const when = input.period.label.startsWith('this') || input.period.label.startsWith('the last') ? input.period.label : `in ${input.period.label}`
  if (input.subject) {
    const { kind, name, total, href } = input.subject
    const where = kind === 'category' ? `on ${name}` : `at ${name}`
    const text =
      total > 0
        ? `You spent ${money(total, f)} ${where} ${when}.`
        : `You spent nothing ${where} ${when} (${money(total, f)}).`
    return { text, figures: [moneyFigure(`${name}, ${input.period.label}`, total, f, href)] }
  }
  const parts = input.top.slice(0, 3).map((line) => `${line.name} ${money(line.total, f)}`)
  const text =
    input.total > 0
      ? `You spent ${money(input.total, f)} in all ${when}.${parts.length > 0 ? ` The most went to ${joinWords(parts)}.` : ''}`
      : `You spent nothing ${when}.`
  return {
    text,
    figures: [
      moneyFigure(`All spending, ${input.period.label}`, input.total, f, transactionsHref({ from: input.period.from, to: input.period.to })),
      ...input.top.slice(0, 3).map((line) => moneyFigure(line.name, line.total, f, line.href)),
    ],
  }
}

function joinWords(parts: readonly string[]): string {
  if (parts.length <= 1) return parts.join('')
  return `${parts.slice(0, -1).join(', ')} and ${parts[parts.length - 1] ?? ''}`
}

export type Expense = { payee: string; amount: Cents; date: IsoDate; categoryName: string | null; href: string }

/** The largest single expenses of a period, largest first. */
export function biggestExpensesAnswer(input: { period: Period; expenses: readonly Expense[] }, f: Format): Answer {
  const when = input.period.label.startsWith('this') || input.period.label.startsWith('the last') ? input.period.label : `in ${input.period.label}`
  if (input.expenses.length === 0) return { text: `There are no expenses ${when}.`, figures: [] }
  const lines = input.expenses.map((e, i) => `${i + 1}. ${e.payee || 'No payee'}: ${money(e.amount, f)} on ${dayLabel(e.date)}${e.categoryName ? ` (${e.categoryName})` : ''}`)
  return {
    text: `Your biggest expenses ${when}:\n${lines.join('\n')}`,
    figures: input.expenses.map((e) => moneyFigure(`${e.payee || 'No payee'}, ${dayLabel(e.date)}`, e.amount, f, e.href)),
  }
}

/**
 * Whether a price fits this month's plan: what is available after bills still due and goal
 * contributions, and the daily allowance before and after buying it today.
 */
export function affordAnswer(
  input: { item: string; price: Cents | null; available: Cents; dailyAllowance: Cents; daysLeft: number; today: IsoDate },
  f: Format,
): Answer {
  const month = monthLabel(`${input.today.slice(0, 7)}-01`)
  const availableFigure = moneyFigure(`Available for the rest of ${month}`, input.available, f, '/spending-plan')
  const allowanceFigure = moneyFigure('Daily allowance today', input.dailyAllowance, f, '/spending-plan')
  if (input.price === null) {
    return {
      text: `Tell me the price and I will check it against your plan, for example "Can I afford a $300 bike?". Right now you have ${money(input.available, f)} available for the rest of ${month}, ${money(input.dailyAllowance, f)} a day.`,
      figures: [availableFigure, allowanceFigure],
    }
  }
  const what = input.item ? `${input.item} at ${money(input.price, f)}` : `${money(input.price, f)}`
  const left = subCents(input.available, input.price)
  const after = dailyAllowance(left, input.today)
  const figures = [moneyFigure('Price', input.price, f, null), availableFigure, allowanceFigure]
  if (left >= 0) {
    figures.push(moneyFigure('Daily allowance after buying it', after, f, '/spending-plan'))
    return {
      text: `Yes, ${what} fits this month's plan: you have ${money(input.available, f)} available for the rest of ${month} after bills still due and goal contributions. Buying it would take your daily allowance from ${money(input.dailyAllowance, f)} to ${money(after, f)} for the ${plural(input.daysLeft, 'day')} left.`,
      figures,
    }
  }
  const short = asCents(-left)
  figures.push(moneyFigure('Short by', short, f, null))
  return {
    text: `Not this month without going over your plan: ${what} is ${money(short, f)} more than the ${money(input.available, f)} available for the rest of ${month} after bills still due and goal contributions. Waiting until next month, or moving money from savings, would cover it.`,
    figures,
  }
}

/** Where the usual spending of a projection comes from: how many complete months it is the median of. */
export type UsualSpendingBasis = { months: number }

function usualSpendingNote(p: Projection, basis: UsualSpendingBasis, f: Format): string {
  if (basis.months === 0) return 'There is no spending history yet, so no usual spending is counted: the figures will be closer once a month or two are in.'
  const of = basis.months === 1 ? 'your spending last month' : `the median of your last ${basis.months} complete months`
  return `Usual spending is ${money(p.usualSpending, f)} a month outside bills: ${of}, less the bills paid in ${basis.months === 1 ? 'it' : 'them'}.`
}

/** "June 2027 should bring $5,200.00 of income, less …: $1,270.00 left." */
function monthSentence(m: ProjectedMonth, f: Format): string {
  const label = monthLabel(m.month)
  return m.partial
    ? `The rest of ${label} should bring ${money(m.income, f)} of income still expected, less ${money(m.bills, f)} of bills still due, ${money(m.goals, f)} of goal contributions still to make and ${money(m.usualSpending, f)} of usual spending still to come: ${money(m.net, f)} left.`
    : `${label} should bring ${money(m.income, f)} of income, less ${money(m.bills, f)} of bills, ${money(m.goals, f)} of goal contributions and ${money(m.usualSpending, f)} of usual spending: ${money(m.net, f)} left.`
}

function monthFigures(m: ProjectedMonth, f: Format): Figure[] {
  const label = m.partial ? `rest of ${monthLabel(m.month)}` : monthLabel(m.month)
  return [
    moneyFigure(`Expected income, ${label}`, m.income, f, '/spending-plan'),
    moneyFigure(`Bills, ${label}`, m.bills, f, '/bills'),
    moneyFigure(`Goal contributions, ${label}`, m.goals, f, '/goals'),
    moneyFigure(`Usual spending, ${label}`, m.usualSpending, f, '/reports'),
    moneyFigure(`Left after the plan, ${label}`, m.net, f, '/spending-plan'),
  ]
}

/**
 * Whether a price fits a month ahead (see affordInMonth): the month's expected income less its
 * bills, goal contributions and usual spending, plus the balance it starts with, less one month
 * of bills kept as a cushion.
 */
export function futureAffordAnswer(input: { item: string; price: Cents | null; projection: Projection; basis: UsualSpendingBasis }, f: Format): Answer {
  const m = input.projection.months.at(-1)
  if (!m) return unknownAnswer()
  const label = monthLabel(m.month)
  const start = `You should start ${label} with ${money(m.startBalance, f)} in your checking, savings and cash accounts`
  const fit = affordInMonth(m, input.price ?? asCents(0))
  const cushion = `keeping one month of bills (${money(fit.cushion, f)}) as a cushion`
  const figures: Figure[] = [
    ...monthFigures(m, f),
    moneyFigure(`Balance at the start of ${label}`, m.startBalance, f, '/accounts'),
    moneyFigure('Cushion: one month of bills', fit.cushion, f, '/bills'),
    moneyFigure(`Left for spending beyond the plan, ${label}`, fit.room, f, '/spending-plan'),
  ]
  // the rule looks at the month asked about; a month before it that ends below zero is said too
  const lowest = input.projection.months.slice(0, -1).reduce<ProjectedMonth | null>((low, x) => (x.endBalance < 0 && (low === null || x.endBalance < low.endBalance) ? x : low), null)
  const dip = lowest ? ` Before then, your balance is projected to fall to ${money(lowest.endBalance, f)} at the end of ${monthLabel(lowest.month)}.` : ''
  const note = `${usualSpendingNote(input.projection, input.basis, f)}${dip}`
  if (lowest) figures.push(moneyFigure(`Lowest balance before ${label}, end of ${monthLabel(lowest.month)}`, lowest.endBalance, f, '/accounts'))
  if (input.price === null) {
    return {
      text: `Tell me the price and I will check it against your plan for ${label}, for example "Can I afford a $300 bike in ${label}?". ${monthSentence(m, f)} ${start}; ${cushion}, your plan leaves ${money(fit.room, f)} for spending beyond it. ${note}`,
      figures,
    }
  }
  const what = input.item ? `${input.item} at ${money(input.price, f)}` : money(input.price, f)
  figures.unshift(moneyFigure('Price', input.price, f, null))
  if (fit.fits) {
    figures.push(moneyFigure('Left after buying it', fit.left, f, '/spending-plan'))
    return {
      text: `Yes, ${what} fits your plan for ${label}. ${monthSentence(m, f)} ${start}; ${cushion}, that leaves ${money(fit.room, f)}, ${money(fit.left, f)} more than the price. ${note}`,
      figures,
    }
  }
  const short = asCents(-fit.left)
  figures.push(moneyFigure('Short by', short, f, null))
  return {
    text: `Not in ${label} without going below your cushion: ${what} is ${money(short, f)} more than the ${money(fit.room, f)} your plan leaves for it. ${monthSentence(m, f)} ${start}; ${cushion}, that leaves ${money(fit.room, f)}. ${note}`,
    figures,
  }
}

/** The balance a month ends with, how it gets there month by month, and that month's parts. */
export function projectedBalanceAnswer(input: { projection: Projection; basis: UsualSpendingBasis }, f: Format): Answer {
  const p = input.projection
  const m = p.months.at(-1)
  if (!m) return unknownAnswer()
  const label = monthLabel(m.month)
  const lines =
    p.months.length > 1
      ? `\nMonth by month:\n${p.months
          .map(
            (x) =>
              `${monthLabel(x.month)}${x.partial ? ' (from today)' : ''}: ${money(x.income, f)} in, ${money(x.bills, f)} bills, ${money(x.goals, f)} goals, ${money(x.usualSpending, f)} spending → ${money(x.endBalance, f)}`,
          )
          .join('\n')}`
      : ''
  return {
    text: `At the end of ${label} you should have ${money(m.endBalance, f)} in your checking, savings and cash accounts, from ${money(p.cash, f)} today. ${monthSentence(m, f)} ${usualSpendingNote(p, input.basis, f)}${lines}`,
    figures: [
      moneyFigure(`Projected balance, end of ${label}`, m.endBalance, f, '/accounts'),
      moneyFigure('Checking, savings and cash today', p.cash, f, '/accounts'),
      ...(m.partial ? [] : [moneyFigure(`Balance at the start of ${label}`, m.startBalance, f, '/accounts')]),
      ...monthFigures(m, f),
    ],
  }
}

/** A month gone by cannot be planned. */
export function pastMonthAnswer(label: string): Answer {
  return {
    text: `${label} has already passed, so there is no plan to check it against: I can plan this month and the months ahead. To see what happened then, ask "How much did I spend in ${label}?".`,
    figures: [],
  }
}

/** A month too far ahead for the usual spending of today to say much. */
export function tooFarAheadAnswer(label: string): Answer {
  return {
    text: `${label} is too far ahead to plan: I can plan up to ${MAX_PROJECTION_MONTHS} months from this month.`,
    figures: [],
  }
}

export type GoalFacts = { id: string; name: string; currentAmount: Cents; targetAmount: Cents; monthlyContribution: Cents; targetDate: IsoDate | null }

function goalLine(goal: GoalFacts, today: IsoDate, f: Format): { text: string; date: IsoDate | null } {
  const progress = `${money(goal.currentAmount, f)} of ${money(goal.targetAmount, f)}`
  const months = monthsToComplete(goal)
  if (months === 0) return { text: `${goal.name} is already reached (${progress}).`, date: today }
  const date = projectedCompletionDate(goal, today)
  if (months === null || date === null) {
    return { text: `${goal.name} has ${progress} saved and no monthly contribution set, so there is no date to project: set one on the Goals page.`, date: null }
  }
  let text = `At ${money(goal.monthlyContribution, f)} a month, ${goal.name} (${progress}) will be reached in ${plural(months, 'month')}, around ${monthLabel(`${date.slice(0, 7)}-01`)}.`
  if (goal.targetDate) {
    const cmp = compareDates(date.slice(0, 7), goal.targetDate.slice(0, 7))
    text += cmp <= 0 ? ` That is on time for its target date, ${dayLabel(goal.targetDate)}.` : ` That is after its target date, ${dayLabel(goal.targetDate)}.`
  }
  return { text, date }
}

/** When a goal (or each goal) is reached at its monthly contribution. */
export function goalAnswer(input: { goals: readonly GoalFacts[]; asked: string | null; today: IsoDate }, f: Format): Answer {
  if (input.goals.length === 0) {
    return {
      text: input.asked ? `I could not find a goal called "${input.asked}".` : 'You have no active goals yet: add one on the Goals page and I can tell you when it will be reached.',
      figures: [],
    }
  }
  const figures: Figure[] = []
  const lines = input.goals.map((goal) => {
    const line = goalLine(goal, input.today, f)
    figures.push(moneyFigure(`${goal.name}: saved`, goal.currentAmount, f, '/goals'))
    figures.push(moneyFigure(`${goal.name}: target`, goal.targetAmount, f, '/goals'))
    if (goal.monthlyContribution > 0 && line.date !== input.today) figures.push(moneyFigure(`${goal.name}: monthly contribution`, goal.monthlyContribution, f, '/goals'))
    if (line.date && line.date !== input.today) figures.push({ label: `${goal.name}: projected date`, amount: null, value: monthLabel(`${line.date.slice(0, 7)}-01`), href: '/goals' })
    return line.text
  })
  return { text: lines.join('\n'), figures }
}

export type BillDue = { name: string; amount: Cents; date: IsoDate }

/** Bills due in a range of days, overdue ones first and named as such. */
export function billsAnswer(input: { range: DayRange; bills: readonly BillDue[] }, f: Format): Answer {
  if (input.bills.length === 0) return { text: `No bills are due ${input.range.label}.`, figures: [] }
  const total = asCents(input.bills.reduce((sum, b) => sum + b.amount, 0))
  const lines = input.bills.map((b) => {
    const overdue = compareDates(b.date, input.range.from) < 0
    return `${b.name}: ${money(b.amount, f)} ${overdue ? `overdue since ${dayLabel(b.date)}` : `on ${dayLabel(b.date)}`}`
  })
  return {
    text: `${plural(input.bills.length, 'bill is', 'bills are')} due ${input.range.label}, ${money(total, f)} in all:\n${lines.join('\n')}`,
    figures: [moneyFigure('Total due', total, f, '/bills'), ...input.bills.map((b) => moneyFigure(`${b.name}, ${dayLabel(b.date)}`, b.amount, f, '/bills'))],
  }
}

/** Net worth now and its change since last month's end. */
export function netWorthAnswer(input: { netWorth: Cents; previous: Cents; assets: Cents; debts: Cents }, f: Format): Answer {
  const change = subCents(input.netWorth, input.previous)
  const direction = change > 0 ? `up ${money(change, f)}` : change < 0 ? `down ${money(asCents(-change), f)}` : 'unchanged'
  return {
    text: `Your net worth is ${money(input.netWorth, f)}: ${money(input.assets, f)} in assets less ${money(input.debts, f)} owed. It is ${direction} since the end of last month.`,
    figures: [
      moneyFigure('Net worth', input.netWorth, f, '/accounts'),
      moneyFigure('Assets', input.assets, f, '/accounts'),
      moneyFigure('Owed', input.debts, f, '/accounts'),
      moneyFigure('Change since last month', change, f, '/reports'),
    ],
  }
}

export type AccountBalance = { name: string; balance: Cents; href: string }

/** One account's balance, or every account's with the total. */
export function balanceAnswer(input: { accounts: readonly AccountBalance[]; one: boolean }, f: Format): Answer {
  if (input.accounts.length === 0) return { text: 'You have no open accounts yet.', figures: [] }
  const first = input.accounts[0]
  if (input.one && first) {
    return { text: `${first.name} has a balance of ${money(first.balance, f)}.`, figures: [moneyFigure(first.name, first.balance, f, first.href)] }
  }
  const total = asCents(input.accounts.reduce((sum, a) => sum + a.balance, 0))
  return {
    text: `Your ${plural(input.accounts.length, 'account')} add up to ${money(total, f)}:\n${input.accounts.map((a) => `${a.name}: ${money(a.balance, f)}`).join('\n')}`,
    figures: [moneyFigure('All accounts', total, f, '/accounts'), ...input.accounts.map((a) => moneyFigure(a.name, a.balance, f, a.href))],
  }
}

export type BudgetLine = { name: string; budget: Cents; spent: Cents; href: string }

/** Each budget of a month against what was spent, those over first. */
export function budgetsAnswer(input: { period: Period; lines: readonly BudgetLine[] }, f: Format): Answer {
  const when = input.period.label.startsWith('this') ? input.period.label : `in ${input.period.label}`
  if (input.lines.length === 0) return { text: `You have no budgets ${when}: set them on the Spending Plan page.`, figures: [] }
  const over = input.lines.filter((l) => l.spent > l.budget)
  const lines = input.lines.map((l) => {
    const left = subCents(l.budget, l.spent)
    return `${l.name}: ${money(l.spent, f)} of ${money(l.budget, f)} spent, ${left >= 0 ? `${money(left, f)} left` : `${money(asCents(-left), f)} over`}`
  })
  const head = over.length === 0 ? `You are within all ${plural(input.lines.length, 'budget')} ${when}.` : `You are over ${plural(over.length, 'budget')} of ${input.lines.length} ${when}.`
  return {
    text: `${head}\n${lines.join('\n')}`,
    figures: input.lines.flatMap((l) => [moneyFigure(`${l.name}: spent`, l.spent, f, l.href), moneyFigure(`${l.name}: budget`, l.budget, f, '/spending-plan')]),
  }
}

/** The honest reply to a question the engine does not understand: never an answer to another question. */
export function unknownAnswer(): Answer {
  return {
    text: `I can't answer that yet. I can answer questions like:\n${EXAMPLE_QUESTIONS.map((q) => `• ${q}`).join('\n')}\nAsk about your spending, biggest expenses, what you can afford this month or in a month ahead, how much you will have at the end of a month, your goals, bills, balances, budgets or net worth.`,
    figures: [],
  }
}
