import { describe, expect, it } from 'vitest'
import { unreadBadgeText } from './badge'

describe('unreadBadgeText', () => {
  it.each([
    [0, null],
    [-3, null],
    [Number.NaN, null],
    [1, '1'],
    [9, '9'],
    [99, '99'],
    [100, '99+'],
    [12_345, '99+'],
  ] as const)('%d unread shows %j', (count, text) => {
    expect(unreadBadgeText(count)).toBe(text)
  })
})
