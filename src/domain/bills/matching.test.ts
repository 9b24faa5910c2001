import { describe, expect, it } from 'vitest'
import { asCents, type Cents } from '../money'
import {
  amountFits,
  matchPayments,
  nextUnpaidDueDate,
  payeeMatches,
  rankCandidates,
  toleranceOf,
  type CandidatePayment,
  type MatchBill,
  type OpenDueDate,
} from './matching'
import { billOccurrences, stillDue, type ScheduledBill, type SettledPayment } from './occurrences'

const c = (dollars: number): Cents => asCents(Math.round(dollars * 100))
const CHECKING = 'acct-checking'

const rent: MatchBill = {
  id: 'bill-rent',
  name: 'Rent',
  payee: 'Oakwood Apartments',
  amount: c(1650),
  tolerancePercent: 5,
  accountId: CHECKING,
}

let seq = 0
function pay(date: string, dollars: number, payee: string, extra: Partial<CandidatePayment> = {}): CandidatePayment {
  seq += 1
  return { id: `t${String(seq).padStart(3, '0')}`, splitId: null, accountId: CHECKING, payees: [payee], date, amount: c(-dollars), ...extra }
}
const open = (billId: string, dueDate: string, paid = 0): OpenDueDate => ({ billId, dueDate, paid: c(paid) })

describe('payee rule', () => {
  it('matches when one side’s words run inside the other, or both start with the same word', () => {
    expect(payeeMatches(rent, ['ACH DEBIT OAKWOOD APARTMENTS RENT 0042'])).toBe(true)
    expect(payeeMatches(rent, ['OAKWOOD APTS #12'])).toBe(true) // leading word
    expect(payeeMatches({ name: 'City Water Utilities', payee: '' }, ['WATER'])).toBe(true) // payment's words inside the bill's
    expect(payeeMatches(rent, ['Apartments Oakwood'])).toBe(false) // neither a run nor the same first word
    expect(payeeMatches(rent, ['Greenfield Property Mgmt'])).toBe(false)
    expect(payeeMatches({ name: 'Rent', payee: '' }, ['RENT PAYMENT'])).toBe(true) // name when no payee
    expect(payeeMatches(rent, ['', '1234'])).toBe(false) // no words: no evidence
  })
})

describe('matchPayments: a monthly $1,650 rent due on the 1st', () => {
  it('is settled by a payment 3 days early (the 29th before) and by one 5 days late (the 6th)', () => {
    const early = pay('2026-01-29', 1650, 'OAKWOOD APARTMENTS')
    const late = pay('2026-03-06', 1650, 'OAKWOOD APARTMENTS')
    const links = matchPayments([rent], [open(rent.id, '2026-02-01'), open(rent.id, '2026-03-01')], [early, late])
    expect(links).toEqual([
      { billId: rent.id, dueDate: '2026-02-01', transactionId: early.id, splitId: null, amount: 165000 },
      { billId: rent.id, dueDate: '2026-03-01', transactionId: late.id, splitId: null, amount: 165000 },
    ])
  })

  it('is partly paid by $1,000, then paid by the $650 rest', () => {
    const first = pay('2026-02-28', 1000, 'Oakwood Apartments')
    const rest = pay('2026-03-04', 650, 'Oakwood Apartments')
    const links = matchPayments([rent], [open(rent.id, '2026-03-01')], [rest, first])
    expect(links.map((l) => [l.transactionId, l.amount])).toEqual([
      [first.id, 100000], // |1000 − 1650| = 650 is closer than |650 − 1650| = 1000
      [rest.id, 65000], // then the rest is exactly 650
    ])
    // only the $1,000 so far: partly paid, $650 still due
    const only = matchPayments([rent], [open(rent.id, '2026-03-01')], [first])
    expect(only).toHaveLength(1)
    const occ = billOccurrences(
      [scheduled(rent, '2026-03-01')],
      only.map((l) => ({ billId: l.billId, dueDate: l.dueDate, amount: l.amount })),
      '2026-03-01',
      '2026-03-31',
      '2026-03-10',
    )
    expect(occ.map((o) => [o.dueDate, o.status, o.paid, o.remaining])).toEqual([['2026-03-01', 'partial', 100000, 65000]])
    // a due date with $1,000 paid takes the $650 but not a second full $1,650
    expect(matchPayments([rent], [open(rent.id, '2026-03-01', 1000)], [pay('2026-03-02', 1650, 'Oakwood Apartments')])).toEqual([])
  })

  it('is not settled outside its window (8 days early, 11 days late), on another account, or by money in', () => {
    const payments = [
      pay('2026-02-21', 1650, 'Oakwood Apartments'),
      pay('2026-03-12', 1650, 'Oakwood Apartments'),
      pay('2026-03-01', 1650, 'Oakwood Apartments', { accountId: 'acct-card' }),
      pay('2026-03-01', -1650, 'Oakwood Apartments'), // a refund: +$1,650
    ]
    expect(matchPayments([rent], [open(rent.id, '2026-03-01')], payments)).toEqual([])
    // the window's edges: 7 days before and 10 after do settle
    expect(matchPayments([rent], [open(rent.id, '2026-03-01')], [pay('2026-02-22', 1650, 'Oakwood Apartments')])).toHaveLength(1)
    expect(matchPayments([rent], [open(rent.id, '2026-03-01')], [pay('2026-03-11', 1650, 'Oakwood Apartments')])).toHaveLength(1)
  })

  it('never ties a declined pair again, but the same payment may settle another bill', () => {
    const p = pay('2026-03-01', 1650, 'Oakwood Apartments')
    const declined = [{ billId: rent.id, transactionId: p.id, splitId: null }]
    expect(matchPayments([rent], [open(rent.id, '2026-03-01')], [p], declined)).toEqual([])
    const other: MatchBill = { ...rent, id: 'bill-other', name: 'Oakwood' }
    expect(matchPayments([rent, other], [open(rent.id, '2026-03-01'), open(other.id, '2026-03-01')], [p], declined)).toEqual([
      { billId: other.id, dueDate: '2026-03-01', transactionId: p.id, splitId: null, amount: 165000 },
    ])
  })

  it('ignores a payment far below the amount (a coffee at a shop of the same name) and one over the tolerance', () => {
    // 25% of $1,650 = $412.50: $412.49 is too small to be a partial payment
    expect(amountFits(rent, c(0), c(412.49))).toBe(false)
    expect(amountFits(rent, c(0), c(412.5))).toBe(true)
    // 5% of $1,650 = $82.50: $1,732.50 fits, $1,732.51 does not
    expect(toleranceOf(rent)).toBe(8250)
    expect(amountFits(rent, c(0), c(1732.5))).toBe(true)
    expect(amountFits(rent, c(0), c(1732.51))).toBe(false)
  })
})

describe('matchPayments: splits, shared payees, variable bills', () => {
  it('is settled by one part of a split: $95 electricity inside a $180 split', () => {
    const power: MatchBill = { id: 'bill-power', name: 'Electricity', payee: '', amount: c(95), tolerancePercent: 5, accountId: null }
    const whole = pay('2026-03-03', 180, 'City Utilities', { id: 'tx-split' })
    const electricity = { ...whole, splitId: 'split-power', payees: ['City Utilities', 'Electricity'], amount: c(-95) }
    const water = { ...whole, splitId: 'split-water', payees: ['City Utilities', 'Water'], amount: c(-85) }
    const links = matchPayments([power], [open(power.id, '2026-03-01')], [electricity, water])
    expect(links).toEqual([{ billId: power.id, dueDate: '2026-03-01', transactionId: 'tx-split', splitId: 'split-power', amount: 9500 }])
  })

  it('gives each payment to the best fit among two loans at one bank with different amounts', () => {
    const car: MatchBill = { id: 'bill-car', name: 'Car loan', payee: 'Chase Loan', amount: c(320), tolerancePercent: 5, accountId: null }
    const home: MatchBill = { id: 'bill-home', name: 'Home equity', payee: 'Chase Loan', amount: c(450), tolerancePercent: 5, accountId: null }
    const p450 = pay('2026-03-15', 450, 'CHASE LOAN PMT')
    const p320 = pay('2026-03-15', 320, 'CHASE LOAN PMT')
    const links = matchPayments([car, home], [open(car.id, '2026-03-15'), open(home.id, '2026-03-15')], [p450, p320])
    expect(links.map((l) => [l.billId, l.transactionId, l.amount]).sort()).toEqual(
      [
        [car.id, p320.id, 32000],
        [home.id, p450.id, 45000],
      ].sort(),
    )
  })

  it('gives each payment the closest due date when one payee is due twice a month', () => {
    const gymA: MatchBill = { id: 'bill-a', name: 'Gym', payee: 'FitClub', amount: c(40), tolerancePercent: 0, accountId: null }
    const gymB: MatchBill = { id: 'bill-b', name: 'Gym (kids)', payee: 'FitClub', amount: c(40), tolerancePercent: 0, accountId: null }
    const p1 = pay('2026-03-02', 40, 'FITCLUB')
    const p2 = pay('2026-03-09', 40, 'FITCLUB')
    const links = matchPayments([gymA, gymB], [open(gymA.id, '2026-03-01'), open(gymB.id, '2026-03-08')], [p2, p1])
    expect(links.map((l) => [l.billId, l.transactionId])).toEqual([
      [gymA.id, p1.id],
      [gymB.id, p2.id],
    ])
  })

  it('settles a variable utility within a widened tolerance, and counts it paid', () => {
    const gas: MatchBill = { id: 'bill-gas', name: 'Gas', payee: 'Metro Gas', amount: c(120), tolerancePercent: 25, accountId: null }
    // 25% of $120 = $30: $145 and $95 both settle; $151 does not
    expect(matchPayments([gas], [open(gas.id, '2026-03-10')], [pay('2026-03-08', 151, 'METRO GAS')])).toEqual([])
    const low = pay('2026-03-08', 95, 'METRO GAS')
    const links = matchPayments([gas], [open(gas.id, '2026-03-10')], [low])
    expect(links.map((l) => l.amount)).toEqual([9500])
    const lines = billOccurrences(
      [{ ...scheduled(gas, '2026-03-10'), tolerancePercent: 25 }],
      links.map((l) => ({ billId: l.billId, dueDate: l.dueDate, amount: l.amount })),
      '2026-03-01',
      '2026-03-31',
      '2026-03-12',
    )
    expect(lines.map((l) => [l.status, l.paid, l.remaining])).toEqual([['paid', 9500, 0]])
    // with the default 5% ($6), $95 is a partial payment and $25 is still due
    const strict = matchPayments([{ ...gas, tolerancePercent: 5 }], [open(gas.id, '2026-03-10')], [low])
    expect(strict.map((l) => l.amount)).toEqual([9500])
    const partly = billOccurrences([{ ...scheduled(gas, '2026-03-10'), tolerancePercent: 5 }], [{ billId: gas.id, dueDate: '2026-03-10', amount: c(95) }], '2026-03-01', '2026-03-31', '2026-03-12')
    expect(partly.map((l) => [l.status, l.remaining])).toEqual([['partial', 2500]])
  })

  it('does not depend on the order of its inputs', () => {
    const ps = [pay('2026-02-27', 1000, 'Oakwood'), pay('2026-03-02', 650, 'Oakwood'), pay('2026-03-29', 1650, 'Oakwood')]
    const due = [open(rent.id, '2026-03-01'), open(rent.id, '2026-04-01')]
    const a = matchPayments([rent], due, ps)
    const b = matchPayments([rent], [...due].reverse(), [...ps].reverse())
    expect(b).toEqual(a)
    expect(a.map((l) => [l.dueDate, l.amount])).toEqual([
      ['2026-04-01', 165000],
      ['2026-03-01', 100000],
      ['2026-03-01', 65000],
    ])
  })
})

describe('rankCandidates', () => {
  it('offers what could pay the due date: payee matches first (small parts too), then the amount alone; closest amount, then date', () => {
    const exactLate = pay('2026-03-05', 1650, 'Oakwood Apartments')
    const exactEarly = pay('2026-02-28', 1650, 'Oakwood Apartments')
    const partial = pay('2026-03-01', 100, 'Oakwood Apartments')
    const sameAmount = pay('2026-03-01', 1640, 'Landlord Smith') // within 5% ($82.50), payee unknown
    const otherAmount = pay('2026-03-01', 1500, 'Landlord Smith') // neither
    const tooMuch = pay('2026-03-01', 1800, 'Oakwood Apartments')
    const late = pay('2026-03-12', 1650, 'Oakwood Apartments')
    expect(
      rankCandidates(rent, open(rent.id, '2026-03-01'), [partial, exactLate, sameAmount, otherAmount, tooMuch, late, exactEarly]).map((p) => p.id),
    ).toEqual([exactEarly.id, exactLate.id, partial.id, sameAmount.id])
    // declined for this bill: not offered again
    expect(rankCandidates(rent, open(rent.id, '2026-03-01'), [exactEarly], [{ billId: rent.id, transactionId: exactEarly.id, splitId: null }])).toEqual([])
  })
})

describe('nextUnpaidDueDate', () => {
  const monthly = { amount: c(1650), tolerancePercent: 5, recurrence: 'monthly' as const, anchorDay: 1 }
  it('is the first due date from `from` not settled', () => {
    const paid = new Map([
      ['2026-03-01', c(1650)],
      ['2026-04-01', c(1000)],
    ])
    expect(nextUnpaidDueDate(monthly, paid, '2026-03-01')).toBe('2026-04-01')
    paid.set('2026-04-01', c(1650))
    expect(nextUnpaidDueDate(monthly, paid, '2026-03-01')).toBe('2026-05-01')
    // $1,570 is within 5% ($82.50) of $1,650: paid
    expect(nextUnpaidDueDate(monthly, new Map([['2026-03-01', c(1570)]]), '2026-03-01')).toBe('2026-04-01')
    expect(nextUnpaidDueDate(monthly, new Map([['2026-03-01', c(1567.49)]]), '2026-03-01')).toBe('2026-03-01')
  })
  it('is null once a one-off or the last due date before the end is paid', () => {
    expect(nextUnpaidDueDate({ ...monthly, recurrence: 'once' }, new Map([['2026-03-01', c(1650)]]), '2026-03-01')).toBeNull()
    expect(nextUnpaidDueDate({ ...monthly, endDate: '2026-03-31' }, new Map([['2026-03-01', c(1650)]]), '2026-03-01')).toBeNull()
    expect(nextUnpaidDueDate({ ...monthly, endDate: '2026-04-01' }, new Map([['2026-03-01', c(1650)]]), '2026-03-01')).toBe('2026-04-01')
  })
})

describe('a weekly bill in a month with five due dates', () => {
  const lessons: MatchBill = { id: 'bill-lessons', name: 'Swim lessons', payee: 'Aqua School', amount: c(25), tolerancePercent: 0, accountId: null }
  const fridays = ['2026-05-01', '2026-05-08', '2026-05-15', '2026-05-22', '2026-05-29']
  it('settles each Friday with the payment nearest to it, and lists the five with their status', () => {
    // paid on the 1st, the 9th (a day late), the 14th (a day early) and the 22nd; the 29th not yet
    const ps = [pay('2026-05-22', 25, 'AQUA SCHOOL'), pay('2026-05-14', 25, 'AQUA SCHOOL'), pay('2026-05-09', 25, 'AQUA SCHOOL'), pay('2026-05-01', 25, 'AQUA SCHOOL')]
    const links = matchPayments([lessons], fridays.map((d) => open(lessons.id, d)), ps)
    expect(links.map((l) => [l.dueDate, l.transactionId]).sort()).toEqual(
      [
        ['2026-05-01', ps[3]?.id],
        ['2026-05-08', ps[2]?.id],
        ['2026-05-15', ps[1]?.id],
        ['2026-05-22', ps[0]?.id],
      ].sort(),
    )
    const payments: SettledPayment[] = links.map((l) => ({ billId: l.billId, dueDate: l.dueDate, amount: l.amount }))
    const next = nextUnpaidDueDate({ amount: lessons.amount, tolerancePercent: 0, recurrence: 'weekly' }, new Map(payments.map((p) => [p.dueDate, p.amount])), '2026-05-01')
    expect(next).toBe('2026-05-29')
    const lines = billOccurrences(
      [{ ...scheduled(lessons, next ?? ''), recurrence: 'weekly' }],
      payments,
      '2026-05-01',
      '2026-05-31',
      '2026-05-30',
    )
    expect(lines.map((l) => [l.dueDate, l.status])).toEqual([
      ['2026-05-01', 'paid'],
      ['2026-05-08', 'paid'],
      ['2026-05-15', 'paid'],
      ['2026-05-22', 'paid'],
      ['2026-05-29', 'overdue'],
    ])
    expect(stillDue(lines)).toBe(2500)
  })
})

function scheduled(bill: MatchBill, nextDueDate: string): ScheduledBill {
  return {
    id: bill.id,
    name: bill.name,
    amount: bill.amount,
    nextDueDate,
    recurrence: 'monthly',
    isActive: true,
    accountId: bill.accountId,
    categoryId: null, tolerancePercent: 0
  }
}
