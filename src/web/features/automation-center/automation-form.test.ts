// The automation form's values → the contract's body, and the contract's issues back at the
// form's own fields.
import { describe, expect, it } from 'vitest'
import type { FieldErrors } from 'react-hook-form'
import { asCents } from '#src/domain/money'
import {
  automationResolver,
  bodyOf,
  emptyValues,
  fieldOfPath,
  valuesOf,
  type FormValues,
} from './automation-form'

const ACCOUNT = '0190c0de-0000-7000-8000-000000000001'
const GOAL = '0190c0de-0000-7000-8000-000000000002'

async function resolve(
  values: FormValues,
): Promise<{ values: unknown; errors: FieldErrors<FormValues> }> {
  const out = await automationResolver(values, undefined, {
    fields: {},
    shouldUseNativeValidation: false,
  })
  const errors: FieldErrors<FormValues> = out.errors
  return { values: out.values, errors }
}

describe('automation form', () => {
  it('makes money out negative, in cents', async () => {
    const values = {
      ...emptyValues('scheduled_transaction', '2026-03-15'),
      name: 'Gym',
      amount: '45.99',
      accountId: ACCOUNT,
    }
    const out = await resolve(values)
    expect(out.errors).toEqual({})
    expect(out.values).toMatchObject({
      name: 'Gym',
      config: {
        type: 'scheduled_transaction',
        amount: -4599,
        accountId: ACCOUNT,
        categoryId: null,
        cadence: 'monthly',
        startDate: '2026-03-15',
      },
    })
    expect(bodyOf({ ...values, direction: 'in' }).config).toMatchObject({ amount: 45.99 })
  })

  it('names the fields that are missing or wrong', async () => {
    const out = await resolve({
      ...emptyValues('scheduled_transaction', '2026-03-15'),
      amount: '4x',
    })
    expect(out.errors.amount?.message).toBe('Enter an amount such as 12.34')
    expect(out.errors.accountId?.message).toBe('Choose an account')
    expect(out.errors.name?.message).toBeTruthy()
    const alert = await resolve({
      ...emptyValues('alert', '2026-03-15'),
      name: 'Low',
      condition: 'balance_under',
      amount: '100',
    })
    expect(Object.keys(alert.errors)).toEqual(['accountId'])
    const hook = await resolve({
      ...emptyValues('webhook', '2026-03-15'),
      name: 'Hook',
      url: 'ftp://x',
      events: [],
    })
    expect(Object.keys(hook.errors).sort()).toEqual(['events', 'url'])
  })

  it('keeps only what the chosen trigger or condition uses', () => {
    const goal = bodyOf({
      ...emptyValues('goal_transfer', '2026-03-15'),
      goalId: GOAL,
      amount: '50',
      incomeAccountId: ACCOUNT,
      dayOfMonth: '15',
    })
    expect(goal.config).toMatchObject({
      trigger: 'monthly',
      incomeAccountId: null,
      dayOfMonth: 15,
      amount: 50,
    })
    const budget = bodyOf({
      ...emptyValues('alert', '2026-03-15'),
      condition: 'budget',
      amount: '10',
      accountId: ACCOUNT,
    })
    expect(budget.config).toMatchObject({ amount: null, accountId: null })
  })

  it('reads an automation back into the form', () => {
    const values = valuesOf(
      {
        id: GOAL,
        type: 'alert',
        name: 'Overdraft',
        isActive: true,
        config: {
          type: 'alert',
          condition: 'balance_under',
          amount: asCents(-5000),
          accountId: ACCOUNT,
          categoryId: null,
          days: 3,
        },
        nextRunAt: null,
        createdAt: '2026-03-15T00:00:00Z',
        lastRun: null,
      },
      '2026-03-15',
    )
    expect(values).toMatchObject({
      type: 'alert',
      name: 'Overdraft',
      amount: '-50.00',
      accountId: ACCOUNT,
      condition: 'balance_under',
    })
  })

  it('maps issue paths to fields', () => {
    expect(fieldOfPath(['config', 'url'])).toBe('url')
    expect(fieldOfPath(['name'])).toBe('name')
    expect(fieldOfPath(['config'])).toBe('type')
    expect(fieldOfPath(['other'])).toBeNull()
  })
})
