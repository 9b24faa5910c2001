import { describe, expect, it } from 'vitest'
import { asCents } from '../money'
import {
  averageCost,
  fromQuantity,
  InvestmentError,
  marketValue,
  mulDivRound,
  portfolioFrom,
  toPrice,
  toQuantity,
  unrealizedGain,
  type Activity,
  type Holding,
  type Portfolio,
} from './lots'

const c = asCents
const q = toQuantity
const p = toPrice

function holding(portfolio: Portfolio, symbol: string): Holding {
  const found = portfolio.holdings.find((h) => h.symbol === symbol)
  if (!found) throw new Error(`no holding of ${symbol}`)
  return found
}

// The running example, worked by hand:
//   2024-01-01  $3,000.00 transferred in                     cash 300000
//   2024-01-02  buy 10 ACME at $100.00, fee $1.00           lot 1: 10 sh, cost 1000.00 + 1.00 = 100100
//   2024-02-01  buy 10 ACME at $120.00, fee $1.00           lot 2: 10 sh, cost 1200.00 + 1.00 = 120100
//   2024-03-01  sell 15 ACME at $130.00, fee $1.50          proceeds 1950.00 − 1.50 = 194850
//   2024-04-01  dividend $1.20 (5 sh × $0.24)               income 120
//   2024-05-01  2-for-1 split
//   2024-06-01  account fee $5.00
const deposit: Activity = { type: 'transfer_in', date: '2024-01-01', amount: c(300_000) }
const buy1: Activity = {
  type: 'buy',
  date: '2024-01-02',
  symbol: 'ACME',
  quantity: q(10),
  price: p(100),
  fees: c(100),
}
const buy2: Activity = {
  type: 'buy',
  date: '2024-02-01',
  symbol: 'ACME',
  quantity: q(10),
  price: p(120),
  fees: c(100),
}
const sell: Activity = {
  type: 'sell',
  date: '2024-03-01',
  symbol: 'ACME',
  quantity: q(15),
  price: p(130),
  fees: c(150),
}
const dividend: Activity = { type: 'dividend', date: '2024-04-01', symbol: 'ACME', amount: c(120) }
const split: Activity = { type: 'split', date: '2024-05-01', symbol: 'ACME', ratio: 2 }
const fee: Activity = { type: 'fee', date: '2024-06-01', amount: c(500) }

describe('quantities and prices', () => {
  it('keeps up to 8 decimals exactly and refuses more', () => {
    expect(toQuantity(0.12345678)).toBe(12_345_678)
    expect(toQuantity(0.1) + toQuantity(0.2)).toBe(toQuantity(0.3)) // not so in floating point
    expect(fromQuantity(toQuantity(1.5))).toBe(1.5)
    expect(() => toQuantity(0.123456789)).toThrow(InvestmentError)
    expect(toPrice(12.3456)).toBe(1_234_560_000)
  })

  it('values a quantity at a price to the cent, half away from zero', () => {
    // 0.12345678 BTC × $40,000.00 = $4,938.2712 → 493827 cents
    expect(marketValue(q(0.12345678), p(40_000))).toBe(493_827)
    // 3 × $0.005 = $0.015 → 2 cents (a tie, rounded up)
    expect(marketValue(q(3), p(0.005))).toBe(2)
    // 1 × $0.004 → 0 cents
    expect(marketValue(q(1), p(0.004))).toBe(0)
    // 50,000,000 sh × $1,234.56789012 = $61,728,394,506.00 exactly (beyond the float fast path)
    expect(marketValue(q(50_000_000), p(1234.56789012))).toBe(6_172_839_450_600)
  })

  it('mulDivRound is exact at ties and for large products', () => {
    expect(mulDivRound(5, 1, 2)).toBe(3)
    expect(mulDivRound(-5, 1, 2)).toBe(-3)
    expect(mulDivRound(10_000, 1, 3)).toBe(3333)
    expect(mulDivRound(123_456_789_012, 987_654_321, 1_000_000_000)).toBe(121_932_631_124) // 121932631124.487… (the product is beyond 2^53)
  })
})

describe('a buy', () => {
  it('makes one lot whose cost is the amount plus fees, paid from cash', () => {
    const pf = portfolioFrom([deposit, buy1])
    const acme = holding(pf, 'ACME')
    expect(acme.quantity).toBe(q(10))
    expect(acme.costBasis).toBe(100_100)
    expect(acme.lots).toEqual([{ acquired: '2024-01-02', quantity: q(10), cost: 100_100 }])
    expect(averageCost(acme)).toBe(10_010) // $100.10 a share
    expect(pf.cash).toBe(300_000 - 100_100) // 199900
    expect(pf.fees).toBe(100)
    // at $105.00: 10 × 105.00 = 105000 − 100100 = 4900
    expect(unrealizedGain(acme, p(105))).toBe(4900)
  })

  it('takes the amount as given when there is one (a statement rounds its own way)', () => {
    const pf = portfolioFrom([
      { type: 'buy', date: '2024-01-02', symbol: 'F', quantity: q(3.333), amount: c(10_000) },
    ])
    expect(holding(pf, 'F').costBasis).toBe(10_000)
  })
})

describe('a second buy at another price', () => {
  it('adds a second lot; basis 100100 + 120100 = 220200', () => {
    const acme = holding(portfolioFrom([deposit, buy1, buy2]), 'ACME')
    expect(acme.quantity).toBe(q(20))
    expect(acme.costBasis).toBe(220_200)
    expect(acme.lots.map((l) => l.cost)).toEqual([100_100, 120_100])
    // at $130.00: 20 × 130.00 = 260000 − 220200 = 39800
    expect(unrealizedGain(acme, p(130))).toBe(39_800)
    expect(averageCost(acme)).toBe(11_010) // 220200 / 20
  })

  it('under average cost pools them into one lot dated at the first buy', () => {
    const acme = holding(portfolioFrom([deposit, buy1, buy2], 'average'), 'ACME')
    expect(acme.lots).toEqual([{ acquired: '2024-01-02', quantity: q(20), cost: 220_200 }])
  })
})

describe('a partial sale', () => {
  it('under FIFO sells the first lot, then half of the second: gain 347.00', () => {
    // cost of 15 sold = lot 1 (100100) + 5/10 of lot 2 (120100 × 5 / 10 = 60050) = 160150
    // realised = 194850 − 160150 = 34700; left: 5 sh costing 120100 − 60050 = 60050
    const pf = portfolioFrom([deposit, buy1, buy2, sell])
    const acme = holding(pf, 'ACME')
    expect(acme.realizedGain).toBe(34_700)
    expect(pf.realizedGain).toBe(34_700)
    expect(acme.quantity).toBe(q(5))
    expect(acme.costBasis).toBe(60_050)
    expect(acme.lots).toEqual([{ acquired: '2024-02-01', quantity: q(5), cost: 60_050 }])
    // cash 300000 − 100100 − 120100 + 194850 = 274650
    expect(pf.cash).toBe(274_650)
    expect(pf.fees).toBe(350)
  })

  it('under average cost sells at the average: gain 297.00', () => {
    // cost of 15 sold = 220200 × 15 / 20 = 165150; realised = 194850 − 165150 = 29700
    // left: 5 sh costing 220200 − 165150 = 55050 (still 110.10 a share)
    const pf = portfolioFrom([deposit, buy1, buy2, sell], 'average')
    const acme = holding(pf, 'ACME')
    expect(acme.realizedGain).toBe(29_700)
    expect(acme.costBasis).toBe(55_050)
    expect(averageCost(acme)).toBe(11_010)
    expect(pf.cash).toBe(274_650) // the method changes the gain, never the cash
  })

  it('never loses or makes a cent of basis when a third of a lot is sold', () => {
    // 3 sh costing 100.00: selling 1 takes 10000 / 3 = 3333.33 → 3333, leaving 6667
    const buy: Activity = {
      type: 'buy',
      date: '2024-01-02',
      symbol: 'T',
      quantity: q(3),
      amount: c(10_000),
    }
    const sellOne: Activity = {
      type: 'sell',
      date: '2024-01-03',
      symbol: 'T',
      quantity: q(1),
      amount: c(4000),
    }
    const t = holding(portfolioFrom([buy, sellOne]), 'T')
    expect(t.costBasis).toBe(6667)
    expect(t.realizedGain).toBe(4000 - 3333)
    const sellRest: Activity = {
      type: 'sell',
      date: '2024-01-04',
      symbol: 'T',
      quantity: q(2),
      amount: c(8000),
    }
    const done = holding(portfolioFrom([buy, sellOne, sellRest]), 'T')
    // all sold: total gain = 12000 − 10000, whatever the rounding on the way
    expect(done.realizedGain).toBe(2000)
    expect(done.quantity).toBe(0)
    expect(done.lots).toEqual([])
  })
})

describe('a dividend', () => {
  it('is income, gross, and cash less any tax kept back', () => {
    const pf = portfolioFrom([deposit, buy1, buy2, sell, dividend])
    expect(holding(pf, 'ACME').income).toBe(120)
    expect(pf.income).toBe(120)
    expect(pf.cash).toBe(274_650 + 120) // 274770
    const taxed = portfolioFrom([
      { type: 'dividend', date: '2024-04-01', symbol: 'X', amount: c(1000), fees: c(150) },
    ])
    expect(taxed.income).toBe(1000)
    expect(taxed.cash).toBe(850)
    expect(taxed.fees).toBe(150)
  })

  it('interest on cash needs no symbol', () => {
    const pf = portfolioFrom([{ type: 'interest', date: '2024-04-01', amount: c(37) }])
    expect(pf.income).toBe(37)
    expect(pf.holdings).toEqual([])
  })
})

describe('a 2-for-1 split', () => {
  it('doubles the shares and halves the cost a share; the basis is unchanged', () => {
    // FIFO: 5 sh costing 60050 → 10 sh costing 60050, 60.05 a share
    const acme = holding(portfolioFrom([deposit, buy1, buy2, sell, dividend, split]), 'ACME')
    expect(acme.quantity).toBe(q(10))
    expect(acme.costBasis).toBe(60_050)
    expect(averageCost(acme)).toBe(6005)
    expect(acme.realizedGain).toBe(34_700)
    // at $70.00 after the split: 10 × 70.00 = 70000 − 60050 = 9950
    expect(unrealizedGain(acme, p(70))).toBe(9950)
  })

  it('splits every lot, and a reverse split divides shares', () => {
    const acme = holding(portfolioFrom([buy1, buy2, { ...split, ratio: 0.1 }]), 'ACME')
    expect(acme.lots.map((l) => [fromQuantity(l.quantity), l.cost])).toEqual([
      [1, 100_100],
      [1, 120_100],
    ])
  })
})

describe('a fee', () => {
  it('comes out of cash and adds to fees, not to any basis', () => {
    const pf = portfolioFrom([deposit, buy1, buy2, sell, dividend, split, fee])
    // 274770 − 500 = 274270
    expect(pf.cash).toBe(274_270)
    expect(pf.fees).toBe(100 + 100 + 150 + 500)
    expect(holding(pf, 'ACME').costBasis).toBe(60_050)
  })
})

describe('transfers', () => {
  it('bring shares in with their basis, in FIFO order of purchase, and take them out with it', () => {
    const inOld: Activity = {
      type: 'transfer_in',
      date: '2024-03-01',
      symbol: 'ACME',
      quantity: q(4),
      costBasis: c(32_000),
      acquired: '2023-06-01',
    }
    const after = portfolioFrom([buy1, inOld])
    expect(after.cash).toBe(-100_100) // shares, not cash
    expect(holding(after, 'ACME').lots.map((l) => l.acquired)).toEqual(['2023-06-01', '2024-01-02'])
    // out 6: the 4 bought in 2023 (32000) and 2 of lot 1 (100100 × 2 / 10 = 20020), no gain
    const out: Activity = {
      type: 'transfer_out',
      date: '2024-04-01',
      symbol: 'ACME',
      quantity: q(6),
    }
    const acme = holding(portfolioFrom([buy1, inOld, out]), 'ACME')
    expect(acme.costBasis).toBe(100_100 - 20_020)
    expect(acme.realizedGain).toBe(0)
  })

  it('without a symbol move cash', () => {
    const pf = portfolioFrom([
      deposit,
      { type: 'transfer_out', date: '2024-02-01', amount: c(50_000) },
    ])
    expect(pf.cash).toBe(250_000)
  })
})

describe('impossible input', () => {
  function error(activities: Activity[]): InvestmentError {
    try {
      portfolioFrom(activities)
    } catch (e) {
      if (e instanceof InvestmentError) return e
      throw e
    }
    throw new Error('no error')
  }

  it('refuses selling more than is held', () => {
    const e = error([buy1, { ...sell, quantity: q(11) }])
    expect(e.code).toBe('oversell')
    expect(e.message).toBe('sell of ACME on Mar 1, 2024: cannot sell 11 when only 10 are held')
    // the day as the reader writes dates, never ISO
    expect(e.messageIn('de-DE')).toBe('sell of ACME on 1. März 2024: cannot sell 11 when only 10 are held')
    expect(e.date).toBe('2024-03-01')
    expect(error([sell]).code).toBe('oversell')
    expect(
      error([{ type: 'transfer_out', date: '2024-01-01', symbol: 'Z', quantity: q(1) }]).code,
    ).toBe('oversell')
  })

  it('refuses a quantity of 0 or less', () => {
    expect(error([{ ...buy1, quantity: q(-1) }]).code).toBe('bad_quantity')
    expect(error([{ ...buy1, quantity: q(0) }]).code).toBe('bad_quantity')
  })

  it('refuses a split ratio of 0 or less', () => {
    expect(error([buy1, { ...split, ratio: 0 }]).code).toBe('bad_split_ratio')
    expect(error([buy1, { ...split, ratio: -2 }]).code).toBe('bad_split_ratio')
    expect(error([buy1, { ...split, ratio: Number.NaN }]).code).toBe('bad_split_ratio')
  })

  it('refuses negative money, a trade with neither price nor amount, and shares in with no basis', () => {
    expect(error([{ ...buy1, fees: c(-1) }]).code).toBe('bad_amount')
    expect(error([{ type: 'dividend', date: '2024-01-01', amount: c(-5) }]).code).toBe('bad_amount')
    expect(error([{ type: 'buy', date: '2024-01-02', symbol: 'A', quantity: q(1) }]).code).toBe(
      'missing_amount',
    )
    expect(
      error([{ type: 'transfer_in', date: '2024-01-02', symbol: 'A', quantity: q(1) }]).code,
    ).toBe('missing_cost_basis')
    expect(error([{ ...buy1, date: '2024-02-30' }]).code).toBe('bad_date')
  })
})
