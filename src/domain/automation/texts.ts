// The words of the Automation Center, in one place: what a run records in its history (and the
// reminders and transactions it makes say), and what a dry run says it would have done. Money and
// dates are written in the reader's voice: a run speaks as the automation's creator, a dry run as
// the member who asked for it.
import { compareDates, formatDay, type IsoDate } from '../dates'

/** How the reader writes money and dates; `today` is their local date. */
export type Voice = { locale: string; today: IsoDate; money: (cents: number) => string }

/** A run's day as its member reads it ("Tue, Nov 24"), in run summaries. */
const runDay = (voice: Voice, date: IsoDate): string => formatDay(date, voice.locale)

const thisYear = (voice: Voice) => Number(voice.today.slice(0, 4))

/** What a transaction is called in a text: its payee, else its description, else `fallback`. */
export const transactionLabel = (
  t: { merchant: string; description: string },
  fallback: 'spending' | 'transaction',
): string => t.merchant || t.description || fallback

// ---- scheduled transactions ----

export const scheduledAdded = (
  voice: Voice,
  what: string,
  amount: number,
  accountName: string,
  date: IsoDate,
): string => `Added ${what} ${voice.money(amount)} to ${accountName} on ${runDay(voice, date)}`

export const scheduledNotAdded = (voice: Voice, date: IsoDate): string =>
  `Nothing added on ${runDay(voice, date)}: the account is closed or no longer yours to change`

export const scheduledNote = (automationName: string): string =>
  `Scheduled by the automation “${automationName}”`

export const wouldAdd = (
  voice: Voice,
  what: string,
  amount: number,
  accountName: string | null,
): string => `Would add ${what} ${voice.money(amount)} to ${accountName ?? 'the account'}`

// ---- goal transfers ----

/** Why a transfer on income ran, added after its summary: " (income of $2,000.00 from Acme)". */
export const incomeReason = (voice: Voice, income: { amount: number; merchant: string }): string =>
  ` (income of ${voice.money(income.amount)}${income.merchant ? ` from ${income.merchant}` : ''})`

export const goalMoved = (
  voice: Voice,
  amount: number,
  goalName: string,
  date: IsoDate,
  why: string,
): string => `Moved ${voice.money(amount)} to ${goalName} on ${runDay(voice, date)}${why}`

export const goalGone = (voice: Voice, date: IsoDate): string =>
  `Nothing moved on ${runDay(voice, date)}: the goal was removed or paused`

export const goalAccountGone = (voice: Voice, date: IsoDate): string =>
  `Nothing moved on ${runDay(voice, date)}: an account is closed or no longer yours to change`

export const goalTransferDescription = (goalName: string): string => `To ${goalName}`
export const goalTransferNote = (automationName: string): string =>
  `Moved by the automation “${automationName}”`
export const goalContributionNote = (automationName: string): string =>
  `Automation: ${automationName}`

export const wouldMove = (voice: Voice, amount: number, goalName: string | null): string =>
  `Would move ${voice.money(amount)} to ${goalName ?? 'the goal'}`

export const wouldMoveOnIncome = (
  voice: Voice,
  income: { amount: number; merchant: string },
  amount: number,
  goalName: string | null,
): string =>
  `Income of ${voice.money(income.amount)}${income.merchant ? ` from ${income.merchant}` : ''}: would move ${voice.money(amount)} to ${goalName ?? 'the goal'}`

// ---- alerts ----

export const reminded = (title: string): string => `Reminded a member: ${title}`

export const largeTransactionTitle = (voice: Voice, label: string, amount: number): string =>
  `Large transaction: ${label} ${voice.money(-amount)}`

export const largeTransactionDescription = (
  voice: Voice,
  amount: number,
  date: IsoDate,
  threshold: number,
): string =>
  `${voice.money(-amount)} on ${formatDay(date, voice.locale, { thisYear: thisYear(voice) })}, over your alert at ${voice.money(threshold)}.`

export const wouldAlertTransaction = (
  voice: Voice,
  label: string,
  amount: number,
  threshold: number,
): string => `Would alert: ${label} ${voice.money(-amount)} is over ${voice.money(threshold)}`

export const balanceUnderTitle = (voice: Voice, accountName: string, threshold: number): string =>
  `${accountName} is under ${voice.money(threshold)}`

export const balanceUnderDescription = (voice: Voice, balance: number): string =>
  `The balance is ${voice.money(balance)}.`

export const wouldAlertBalance = (
  voice: Voice,
  accountName: string,
  threshold: number,
  balance: number,
): string =>
  `Would alert: ${accountName} went under ${voice.money(threshold)} (${voice.money(balance)})`

export const wouldAlertBudget = (
  voice: Voice,
  use: { name: string; spent: number; budget: number },
  percent: number,
  month: IsoDate,
): string =>
  `Would alert: ${use.name} budget ${percent >= 100 ? 'reached' : `at ${percent}%`} in ${month.slice(0, 7)} (${voice.money(use.spent)} of ${voice.money(use.budget)})`

export function wouldRemindBill(
  voice: Voice,
  bill: { name: string; amount: number },
  due: IsoDate,
): string {
  const when = formatDay(due, voice.locale, { weekday: true, thisYear: thisYear(voice) })
  return compareDates(due, voice.today) >= 0
    ? `Would remind: ${bill.name} ${voice.money(bill.amount)} is due ${when}`
    : `Would have reminded: ${bill.name} ${voice.money(bill.amount)} due ${when}`
}

// ---- webhooks ----

/** "Sent transaction.created: Grocer $12.00" in a run, "Would send …" in a dry run. */
export const sentTransactionEvent = (
  voice: Voice,
  preview: boolean,
  type: string,
  label: string,
  amount: number,
): string => `${preview ? 'Would send' : 'Sent'} ${type}: ${label} ${voice.money(amount)}`

export const sentBudgetEvent = (preview: boolean, name: string, percent: number): string =>
  `${preview ? 'Would send' : 'Sent'} budget.threshold: ${name} at ${percent}%`
