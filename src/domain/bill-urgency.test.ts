import { describe, expect, it } from 'vitest'
import { billDueText, billUrgency, daysUntil } from './bill-urgency'

describe('billUrgency', () => {
  it.each([
    [-10, 'danger'],
    [-1, 'danger'],
    [0, 'danger'],
    [1, 'danger'],
    [2, 'warning'],
    [3, 'warning'],
    [4, 'normal'],
    [30, 'normal'],
  ] as const)('%d days until due is %s', (days, level) => {
    expect(billUrgency(days)).toBe(level)
  })
})

describe('billDueText', () => {
  it.each([
    [0, 'Due today'],
    [1, 'Due tomorrow'],
    [2, '2 days'],
    [5, '5 days'],
    [30, '30 days'],
    [-1, 'Overdue by 1 day'],
    [-2, 'Overdue by 2 days'],
    [-14, 'Overdue by 14 days'],
  ] as const)('%d days until due reads %j', (days, text) => {
    expect(billDueText(days)).toBe(text)
  })
})

describe('daysUntil', () => {
  it('counts whole days from today to the due date', () => {
    expect(daysUntil('2024-03-10', '2024-03-10')).toBe(0)
    expect(daysUntil('2024-03-10', '2024-03-11')).toBe(1)
    expect(daysUntil('2024-02-28', '2024-03-01')).toBe(2)
    expect(daysUntil('2024-12-30', '2025-01-02')).toBe(3)
    expect(daysUntil('2024-03-10', '2024-03-07')).toBe(-3)
  })

  it('feeds the urgency and text', () => {
    const days = daysUntil('2024-03-31', '2024-04-01')
    expect(billUrgency(days)).toBe('danger')
    expect(billDueText(days)).toBe('Due tomorrow')
  })
})
