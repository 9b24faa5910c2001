import { describe, expect, it } from 'vitest'
import { blankActivityForm, readActivityForm, type ActivityFormValues } from './activity-form'

const ACCOUNT = '8f14e45f-ceea-467f-a0e6-3f2f2b6f1e11'

function form(partial: Partial<ActivityFormValues>): ActivityFormValues {
  return { ...blankActivityForm(ACCOUNT, '2024-01-02'), kind: 'etf', ...partial }
}

const known = (symbol: string) => symbol !== 'VTI'

describe('readActivityForm', () => {
  it('reads a buy into the wire body, decimals as typed', () => {
    expect(
      readActivityForm(
        form({ symbol: 'vti', quantity: '1,234.5', price: '101.25', fees: '4,95' }),
        known,
      ),
    ).toEqual({
      ok: true,
      body: {
        accountId: ACCOUNT,
        type: 'buy',
        date: '2024-01-02',
        symbol: 'vti',
        quantity: 1234.5,
        price: 101.25,
        fees: 4.95,
      },
    })
  })

  it('sends the new security along for a symbol seen for the first time', () => {
    const result = readActivityForm(
      form({ symbol: 'vti', quantity: '1', price: '1', name: 'Total market', currency: 'usd' }),
      (s) => s === 'VTI',
    )
    expect(result).toMatchObject({
      ok: true,
      body: { name: 'Total market', kind: 'etf', currency: 'USD' },
    })
  })

  it("gives the contract's messages at their fields", () => {
    const result = readActivityForm(form({ type: 'sell', quantity: 'abc' }), known)
    expect(result).toEqual({
      ok: false,
      errors: {
        quantity: 'Enter a number such as 12.5',
        symbol: 'A sell needs a symbol',
        price: 'A sell needs a price or an amount',
      },
    })
    expect(readActivityForm(form({ type: 'dividend' }), known)).toEqual({
      ok: false,
      errors: { amount: 'A dividend needs an amount' },
    })
    expect(
      readActivityForm(form({ symbol: 'X', quantity: '0.123456789', price: '1' }), known),
    ).toEqual({ ok: false, errors: { quantity: 'Must have at most 8 decimals' } })
  })

  it('leaves out the fields a type does not take', () => {
    const result = readActivityForm(
      form({ type: 'transfer_in', mode: 'cash', amount: '500', symbol: 'VTI', quantity: '3' }),
      known,
    )
    expect(result).toEqual({
      ok: true,
      body: { accountId: ACCOUNT, type: 'transfer_in', date: '2024-01-02', amount: 500 },
    })
    expect(
      readActivityForm(form({ type: 'split', symbol: 'AAPL', ratio: '4' }), known),
    ).toMatchObject({
      ok: true,
      body: { type: 'split', symbol: 'AAPL', ratio: 4 },
    })
  })
})
