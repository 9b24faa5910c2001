// The words of a coaching action and of its result, in the tone the member chose (gentle or
// direct). The tone changes the words only: every figure comes from the action's data, the same
// in both.
import { MONTH_NAMES } from '../dates'
import { asCents, formatMoney, type Cents } from '../money'
import type { CoachingAction, CoachTone, Measured } from './actions'

export type Wording = { title: string; detail: string }

const monthName = (month: string) => MONTH_NAMES[Number(month.slice(5, 7)) - 1] ?? month

export function actionWording(action: CoachingAction, tone: CoachTone, currency = 'USD', locale = 'en-US'): Wording {
  const m = (c: Cents) => formatMoney(c, currency, locale)
  const saving = m(action.saving)
  const gentle = tone === 'gentle'
  switch (action.kind) {
    case 'cancel_subscription': {
      const d = action.data
      const charge = `${m(d.amount)} ${d.cadence}`
      return gentle
        ? {
            title: `Maybe pause ${d.payee}?`,
            detail: `Nothing but its ${charge} charge at ${d.payee} in 60 days. If you haven’t been using it, cancelling could free up ${saving} a month.`,
          }
        : {
            title: `Cancel ${d.payee}`,
            detail: `Unused for 60 days: only its ${charge} charge. Cancel it and keep ${saving} a month.`,
          }
    }
    case 'trim_category': {
      const d = action.data
      const month = monthName(d.month)
      return gentle
        ? {
            title: `Ease back on ${d.categoryName}`,
            detail: `${d.categoryName} came to ${m(d.spent)} in ${month}, ${d.overPercent} % above your usual ${m(d.average)}. Getting back to usual would keep ${saving} a month.`,
          }
        : {
            title: `Cut ${d.categoryName} by ${saving}`,
            detail: `${m(d.spent)} in ${month}: ${d.overPercent} % over your 3-month average of ${m(d.average)}. Spend ${saving} less a month.`,
          }
    }
    case 'move_idle_cash': {
      const d = action.data
      const rate = `${d.ratePercent} %`
      return gentle
        ? {
            title: `Give ${m(d.idle)} a job`,
            detail: `Your cash is ${m(d.cash)}, which covers three months of spending (${m(d.threeMonths)}) with ${m(d.idle)} to spare. Moving the spare into a goal's savings could earn about ${saving} a month (assuming ${rate} a year).`,
          }
        : {
            title: `Move ${m(d.idle)} into a goal`,
            detail: `${m(d.idle)} sits idle above three months of spending (${m(d.threeMonths)}). In a goal's savings at ${rate} a year (our assumption) it earns ${saving} a month.`,
          }
    }
  }
}

export function resultWording(result: Measured, tone: CoachTone, currency = 'USD', locale = 'en-US'): string {
  const m = (c: Cents) => formatMoney(c, currency, locale)
  const gentle = tone === 'gentle'
  switch (result.kind) {
    case 'cancel_subscription':
      if (result.stopped) return gentle ? `Lovely: no charges in the 30 days since. That’s ${m(result.saved)} a month kept.` : `Stopped. No charges in 30 days: ${m(result.saved)} a month saved.`
      return gentle
        ? `It still charged ${result.charges} time${result.charges === 1 ? '' : 's'} (${m(result.charged)}) in the 30 days since. It may still be worth a look.`
        : `Still charging: ${result.charges} time${result.charges === 1 ? '' : 's'}, ${m(result.charged)} in 30 days. Cancel it.`
    case 'trim_category': {
      const diff = asCents(result.after - result.before)
      if (diff < 0)
        return gentle
          ? `Nice work: ${m(result.after)} in the 30 days since, down from ${m(result.before)}. ${m(result.saved)} kept.`
          : `Down ${m(result.saved)}: ${m(result.after)} in 30 days against ${m(result.before)} before.`
      return gentle
        ? `${m(result.after)} in the 30 days since, against ${m(result.before)} before. Next month is a fresh start.`
        : `Not down: ${m(result.after)} in 30 days against ${m(result.before)} before.`
    }
    case 'move_idle_cash':
      if (result.moved > 0)
        return gentle
          ? `${m(result.moved)} went into your goals in the 30 days since: about ${m(result.saved)} a month of interest.`
          : `Moved ${m(result.moved)} to goals: ${m(result.saved)} a month of interest.`
      return gentle
        ? `Nothing has gone into a goal yet (cash ${m(result.before)} then, ${m(result.after)} now). Whenever you’re ready.`
        : `Nothing moved: cash ${m(result.before)} then, ${m(result.after)} now.`
  }
}
