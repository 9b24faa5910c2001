// Hand-worked checks of Smart Insights' domain: recurring detection, anomalies, the forecast and
// the category classifier, each figure to the cent.
import { describe, expect, it } from 'vitest'
import { addMonths } from '../dates'
import { asCents } from '../money'
import { monthAnomalies, robustScore, transactionAnomalies, type SpendingRow } from './anomalies'
import { accuracy, amountBucket, emptyModel, learn, parseModel, posterior, suggestCategory, trainModel } from './classifier'
import { forecastCashFlow } from './forecast'
import { billCovers, billDifference, detectRecurring, type LedgerRow } from './recurring'
import { dateOfDay, dayNumber, median, monthNumber } from './stats'

const row = (date: string, amount: number, payee = 'Netflix', accountId = 'card', categoryId: string | null = 'subs'): LedgerRow => ({
  accountId,
  payee,
  date,
  amount: asCents(amount),
  categoryId,
})

describe('stats', () => {
  it('turns dates into day numbers and back', () => {
    expect(dayNumber('1970-01-01')).toBe(0)
    expect(dayNumber('2024-03-01') - dayNumber('2024-02-28')).toBe(2)
    expect(dateOfDay(dayNumber('2026-11-25'))).toBe('2026-11-25')
    expect(dateOfDay(dayNumber('2000-02-29') + 366)).toBe('2001-03-01')
    expect(monthNumber('2026-01-15') - monthNumber('2025-12-31')).toBe(1)
    expect(median([3, 1, 2, 10])).toBe(2.5)
  })
})

describe('detectRecurring', () => {
  it('finds a monthly subscription with its amount, next date and price rise', () => {
    const rows = [
      row('2026-06-03', -1549),
      row('2026-07-03', -1549),
      row('2026-08-03', -1549),
      row('2026-09-03', -1549),
      row('2026-10-03', -1799),
      row('2026-10-05', -4500, 'Harbor Grocers', 'card', 'food'),
    ]
    const [series, ...rest] = detectRecurring(rows, '2026-10-20')
    expect(rest).toEqual([])
    expect(series).toMatchObject({
      payeeKey: 'netflix',
      cadence: 'monthly',
      // median of 1549 ×4 and 1799
      amount: -1549,
      lastDate: '2026-10-03',
      nextDate: '2026-11-03',
      occurrences: 5,
      stopped: false,
      categoryId: 'subs',
    })
    expect(series?.priceChange).toEqual({ from: -1549, to: -1799, date: '2026-10-03', change: 250 / 1549 })
    expect(series?.steadyBefore).toBe(true)
  })

  it('keeps month ends on month ends and groups payee spellings', () => {
    const rows = ['2026-01-31', '2026-02-28', '2026-03-31', '2026-04-30'].map((d, i) => row(d, -999, i % 2 ? 'SPOTIFY #12' : 'Spotify', 'card'))
    const [series] = detectRecurring(rows, '2026-05-10')
    expect(series).toMatchObject({ cadence: 'monthly', nextDate: '2026-05-31', anchorDay: 31, amount: -999, priceChange: null })
  })

  it('tells weekly, biweekly, quarterly and yearly apart', () => {
    const step = (first: string, days: number, count: number, payee: string) =>
      Array.from({ length: count }, (_, i) => row(dateOfDay(dayNumber(first) + i * days), -1000, payee))
    const quarterly = [0, 3, 6].map((m) => row(addMonths('2025-11-15', m), -42000, 'SafeDrive Insurance'))
    const yearly = [row('2024-12-01', -13900, 'Prime'), row('2025-12-01', -13900, 'Prime')]
    const found = detectRecurring([...step('2026-09-01', 7, 6, 'Dog Walker'), ...step('2026-08-01', 14, 5, 'Cleaner'), ...quarterly, ...yearly], '2026-10-10')
    const byPayee = Object.fromEntries(found.map((s) => [s.payee, [s.cadence, s.nextDate]]))
    expect(byPayee).toEqual({
      'Dog Walker': ['weekly', '2026-10-13'],
      Cleaner: ['biweekly', '2026-10-10'],
      // 2026-08-15 passed with its grace: missed once, so November's is next
      'SafeDrive Insurance': ['quarterly', '2026-11-15'],
      Prime: ['yearly', '2026-12-01'],
    })
  })

  it('marks a series stopped after two missed dates, and a late one as next after the miss', () => {
    const rows = ['2026-03-10', '2026-04-10', '2026-05-10', '2026-06-10'].map((d) => row(d, -3900, 'Gym Plus'))
    // 2026-07-10 + 5 days grace passed: the next date is August's
    expect(detectRecurring(rows, '2026-07-20')[0]).toMatchObject({ nextDate: '2026-08-10', stopped: false })
    expect(detectRecurring(rows, '2026-08-16')[0]).toMatchObject({ stopped: true })
  })

  it('tells a steady series whose price changed from one whose amount always varies', () => {
    const power = [-9000, -11000, -8500, -12000].map((a, i) => row(`2026-0${i + 1}-05`, a, 'City Power', 'chk'))
    const [series] = detectRecurring(power, '2026-04-20')
    // median of 90, 110, 85 and 120 dollars = 100
    expect(series).toMatchObject({ amount: -10000, steadyBefore: false, priceChange: { from: -8500, to: -12000 } })
  })

  it('finds pay on the 1st and the 15th as two monthly series', () => {
    const rows: LedgerRow[] = []
    for (const month of ['01', '02', '03', '04', '05']) {
      rows.push(row(`2026-${month}-01`, 364000, 'Acme Payroll', 'chk', 'pay'), row(`2026-${month}-15`, 365000, 'Acme Payroll', 'chk', 'pay'))
    }
    const found = detectRecurring(rows, '2026-05-20').map((s) => [s.payeeKey, s.cadence, s.amount, s.nextDate])
    expect(found).toEqual([
      ['acme payroll#1', 'monthly', 364000, '2026-06-01'],
      ['acme payroll#15', 'monthly', 365000, '2026-06-15'],
    ])
  })

  it('knows a bill that stands for a series', () => {
    const series = { accountId: 'chk', amount: -165000, cadence: 'monthly' }
    expect(billCovers({ accountId: 'chk', amount: 160000, recurrence: 'monthly' }, series)).toBe(true)
    expect(billCovers({ accountId: null, amount: 173250, recurrence: 'monthly' }, series)).toBe(true)
    // 5 % of 1600 is 80: 1650 − 1500 = 150 is too far
    expect(billCovers({ accountId: 'chk', amount: 150000, recurrence: 'monthly' }, series)).toBe(false)
    expect(billCovers({ accountId: 'card', amount: 165000, recurrence: 'monthly' }, series)).toBe(false)
    expect(billCovers({ accountId: 'chk', amount: 165000, recurrence: 'yearly' }, series)).toBe(false)
    expect(billCovers({ accountId: 'chk', amount: 165000, recurrence: 'monthly' }, { ...series, amount: 165000 })).toBe(false)
    // the rent went up 9 %: still the rent bill by its payee (ADR 0045), not a new bill to make
    const raised = { ...series, amount: -180000, payee: 'OAKWOOD APARTMENTS 0042' }
    expect(billCovers({ accountId: 'chk', amount: 165000, recurrence: 'monthly', name: 'Rent', payee: 'Oakwood Apartments' }, raised)).toBe(true)
    expect(billCovers({ accountId: 'chk', amount: 165000, recurrence: 'monthly', name: 'Rent', payee: '' }, raised)).toBe(false)
    // a widened tolerance covers a utility that varies
    expect(billCovers({ accountId: 'chk', amount: 9500, recurrence: 'monthly', tolerancePercent: 30 }, { ...series, amount: -12000 })).toBe(true)
  })

  it('tells what a bill that stands for a series should change: the amount past its tolerance, the day when no due date is near', () => {
    const bill = { amount: 165000, tolerancePercent: 5, nextDueDate: '2026-06-01', recurrence: 'monthly', anchorDay: 1 }
    expect(billDifference(bill, { amount: -165000, nextDate: '2026-06-01' })).toBeNull()
    expect(billDifference(bill, { amount: -170000, nextDate: '2026-06-03' })).toBeNull() // 50.00 ≤ 82.50, 2 days
    expect(billDifference(bill, { amount: -180000, nextDate: '2026-06-01' })).toEqual({ amount: 180000, nextDueDate: null })
    expect(billDifference(bill, { amount: -165000, nextDate: '2026-06-05' })).toEqual({ amount: null, nextDueDate: '2026-06-05' })
    // paid ahead: the bill is due after the series' next date, nothing to change
    expect(billDifference({ ...bill, nextDueDate: '2026-07-01' }, { amount: -165000, nextDate: '2026-06-01' })).toBeNull()
  })

  it('counts a bill as its payments left it: the rest of a partly paid due date, and overdue ones on the first day', () => {
    const result = forecastCashFlow({
      today: '2026-03-15',
      days: 30,
      startBalance: asCents(200000),
      schedules: [
        // March 1st unpaid (overdue), then April 1st
        { label: 'Rent', amount: asCents(-165000), source: 'bill', accountId: 'chk', nextDate: '2026-03-01', recurrence: 'monthly' },
        // $40 of $95 paid on the 20th's due date: $55 left
        { label: 'Power', amount: asCents(-9500), source: 'bill', accountId: 'chk', nextDate: '2026-03-20', recurrence: 'monthly', firstAmount: asCents(-5500) },
      ],
      dailySpending: [0],
    })
    expect(result.events.map((e) => [e.date, e.label, e.amount])).toEqual([
      ['2026-03-16', 'Rent', -165000],
      ['2026-03-20', 'Power', -5500],
      ['2026-04-01', 'Rent', -165000],
    ])
    expect(result.points[29]?.balance).toBe(200000 - 165000 - 5500 - 165000)
  })

  it('leaves out irregular shopping and keeps money in apart from money out', () => {
    const shopping = ['2026-01-02', '2026-01-05', '2026-01-19', '2026-02-20', '2026-02-21', '2026-04-01'].map((d) => row(d, -2000, 'Target'))
    expect(detectRecurring(shopping, '2026-04-10')).toEqual([])
    const refunds = [row('2026-01-03', 1549), row('2026-02-03', -1549), row('2026-03-03', -1549)]
    expect(detectRecurring(refunds, '2026-03-10')).toEqual([])
  })
})

describe('anomalies', () => {
  const spend = (id: string, date: string, amount: number, payee = 'Harbor Grocers', categoryId = 'food'): SpendingRow => ({
    id,
    accountId: 'card',
    payee,
    date,
    amount: asCents(amount),
    categoryId,
  })

  it('scores with median and MAD', () => {
    // median 100, MAD 10: (160 − 100) / 14.826 = 4.047
    expect(robustScore(160, 100, 10)).toBeCloseTo(4.047, 3)
    // a MAD of 0 is floored at 5 % of the median
    expect(robustScore(200, 100, 0)).toBeCloseTo(100 / 7.413, 3)
  })

  it('finds a transaction far above the payee usual, in words', () => {
    const rows = [4000, 4200, 3800, 4100, 3900, 4000].map((a, i) => spend(`t${i}`, `2026-0${i + 1}-10`, -a))
    rows.push(spend('big', '2026-10-01', -13600))
    const [found, ...rest] = transactionAnomalies(rows, { today: '2026-10-20', categoryNames: new Map() })
    expect(rest).toEqual([])
    // amounts 3800 3900 4000 4000 4100 4200 13600 → median 4000; ratio 3.4
    expect(found).toMatchObject({ transactionId: 'big', amount: 13600, usual: 4000, reason: '3.4× your usual at Harbor Grocers' })
    expect(found?.ratio).toBeCloseTo(3.4, 6)
  })

  it('finds a category month far above its usual months', () => {
    const rows: SpendingRow[] = []
    const months = ['2026-04', '2026-05', '2026-06', '2026-07', '2026-08', '2026-09']
    months.forEach((m, i) => rows.push(spend(`m${i}`, `${m}-12`, -(30000 + i * 1000))))
    rows.push(spend('x1', '2026-10-02', -50000), spend('x2', '2026-10-09', -40000))
    const found = monthAnomalies(rows, { today: '2026-10-20', categoryNames: new Map([['food', 'Groceries']]) })
    // usual = median(300, 310, 320, 330, 340, 350 dollars) = 325; October 900 → 2.8×
    expect(found).toEqual([
      expect.objectContaining({
        categoryId: 'food',
        month: '2026-10',
        amount: 90000,
        usual: 32500,
        reason: '2.8× your usual Groceries spending in October 2026',
        accountIds: ['card'],
      }),
    ])
  })
})

describe('forecastCashFlow', () => {
  it('walks the balance with bills, recurring items and the usual spending (under a week: the median day), and finds the low point', () => {
    const result = forecastCashFlow({
      today: '2026-10-28',
      days: 30,
      startBalance: asCents(100000),
      schedules: [
        { label: 'Rent', amount: asCents(-165000), source: 'bill', accountId: 'chk', nextDate: '2026-11-01', recurrence: 'monthly' },
        { label: 'Payroll', amount: asCents(364000), source: 'recurring', accountId: 'chk', nextDate: '2026-11-15', recurrence: 'monthly' },
      ],
      // median day 20.00, MAD 0
      dailySpending: [2000, 2000, 2000, 0, 5000],
    })
    expect(result.dailySpending).toBe(2000)
    expect(result.points).toHaveLength(30)
    expect(result.points[0]).toEqual({ date: '2026-10-29', balance: 98000, low: 98000, high: 98000 })
    // Nov 1 (day 4): 100000 − 4 × 2000 − 165000 = −73000
    expect(result.points[3]?.balance).toBe(-73000)
    expect(result.lowPoint).toEqual({ date: '2026-11-01', balance: -73000 })
    // Nov 15 (day 18): 100000 − 36000 − 165000 + 364000 = 263000
    expect(result.points[17]?.balance).toBe(263000)
    expect(result.events.map((e) => e.date)).toEqual(['2026-11-01', '2026-11-15'])
  })

  it('takes the usual spending from whole weeks: spending on a few days a week is not 0 a day', () => {
    const weekA = [0, 0, 0, 7000, 0, 0, 7000] // 140.00
    const weekB = [0, 0, 0, 0, 0, 0, 7000] // 70.00
    const weekC = [7000, 0, 0, 7000, 0, 0, 7000] // 210.00
    // the median day is 0; the median week 140.00 → 20.00 a day. Weeks' MAD 70.00 → σ_week
    // 103.782; day 7: 1.2816 × 103.782 × √(7/7) = 133.007 → 133.01
    const result = forecastCashFlow({ today: '2026-01-01', days: 7, startBalance: asCents(100000), schedules: [], dailySpending: [...weekA, ...weekB, ...weekC] })
    expect(result.dailySpending).toBe(2000)
    expect(result.points[6]).toEqual({ date: '2026-01-08', balance: 86000, low: 72699, high: 99301 })
    // an oldest part-week is left out: two more days of 500.00 change nothing
    expect(forecastCashFlow({ today: '2026-01-01', days: 7, startBalance: asCents(100000), schedules: [], dailySpending: [50000, 50000, ...weekA, ...weekB, ...weekC] }).points[6]).toEqual(result.points[6])
  })

  it('widens the band with the square root of the days', () => {
    const result = forecastCashFlow({ today: '2026-01-01', days: 4, startBalance: asCents(10000), schedules: [], dailySpending: [1000, 2000, 3000] })
    // median 2000, MAD 1000 → σ 1482.6; day 4: 1.2816 × 1482.6 × 2 = 3800.2 → 3800
    expect(result.points[3]).toEqual({ date: '2026-01-05', balance: 2000, low: -1800, high: 5800 })
    expect(result.lowPoint).toBeNull()
  })
})

describe('classifier', () => {
  const r = (payee: string, amount: number, categoryId: string, accountId = 'card') => ({ payee, amount: asCents(amount), accountId, categoryId })

  it('lets a payee that nearly always got one category decide', () => {
    const model = trainModel([r('Harbor Grocers', -4000, 'food'), r('HARBOR GROCERS #12', -5000, 'food'), r('Harbor Grocers', -3000, 'food')])
    expect(suggestCategory(model, { payee: 'Harbor Grocers 0042', amount: asCents(-100), accountId: 'chk' })).toEqual({ categoryId: 'food', confidence: 1, source: 'payee' })
  })

  it('falls back to naive Bayes over words, amount and account', () => {
    const model = trainModel([r('Shell Station', -4500, 'fuel'), r('Chevron Station', -5200, 'fuel'), r('Fresh Market', -8000, 'food'), r('Fresh Market', -6000, 'fuel')])
    // 'station' is only in fuel: priors 3/6 vs 2/6 (Laplace), and the payee words decide
    const [best] = posterior(model, { payee: 'Costco Station', amount: asCents(-4800), accountId: 'card' })
    expect(best?.categoryId).toBe('fuel')
    const suggestion = suggestCategory(model, { payee: 'Costco Station', amount: asCents(-4800), accountId: 'card' })
    expect(suggestion?.source).toBe('model')
    expect(suggestion?.confidence).toBeGreaterThan(0.5)
    // Fresh Market is split 1:1, so it does not decide
    expect(suggestCategory(model, { payee: 'Fresh Market', amount: asCents(-7000), accountId: 'card' })?.source).toBe('model')
  })

  it('buckets amounts by order of magnitude and direction', () => {
    expect(amountBucket(-4500)).toBe('a:-5')
    expect(amountBucket(364000)).toBe('a:+11')
    expect(amountBucket(0)).toBe('a:+0')
  })

  it('learns from corrections, round-trips through JSON and measures accuracy', () => {
    const model = learn(emptyModel(), [r('Cinema City', -1200, 'fun')])
    expect(suggestCategory(model, { payee: 'Cinema City', amount: asCents(-1300), accountId: 'card' })?.source).toBe('model')
    learn(model, [r('Cinema City', -1500, 'fun')])
    expect(suggestCategory(model, { payee: 'Cinema City', amount: asCents(-1300), accountId: 'card' })?.source).toBe('payee')
    const back = parseModel(JSON.parse(JSON.stringify(model)))
    expect(back).toEqual(model)
    expect(parseModel({ version: 2 })).toBeNull()
    expect(accuracy(model, [r('Cinema City', -900, 'fun'), r('Cinema City', -900, 'food')])).toBe(0.5)
    expect(accuracy(model, [])).toBe(0)
  })

  it('does not trip over payee words that are object keys', () => {
    const model = trainModel([r('constructor', -100, 'a'), r('toString', -100, 'a')])
    expect(suggestCategory(model, { payee: 'constructor', amount: asCents(-100), accountId: 'card' })?.categoryId).toBe('a')
  })
})
