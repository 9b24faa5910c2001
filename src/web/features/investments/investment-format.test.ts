import { describe, expect, it } from 'vitest'
import {
  hasAtMost8Decimals,
  parseDecimalText,
  percentText,
  priceText,
  quantityText,
} from './investment-format'

describe('percentText', () => {
  it('writes fractions as signed percentages with two decimals', () => {
    expect(percentText(0.1234)).toBe('+12.34%')
    expect(percentText(-0.031)).toBe('\u22123.10%')
    expect(percentText(0)).toBe('0.00%')
    expect(percentText(0.000049)).toBe('0.00%')
    expect(percentText(null)).toBe('—')
    expect(percentText(0.5, { sign: false })).toBe('50.00%')
  })
})

describe('quantities and prices', () => {
  it('keeps every decimal of a quantity', () => {
    expect(quantityText(1500)).toBe('1,500')
    expect(quantityText(0.00012345)).toBe('0.00012345')
    expect(quantityText(12.5)).toBe('12.5')
  })
  it('writes prices with 2 to 8 decimals', () => {
    expect(priceText(101.5, 'USD')).toBe('$101.50')
    expect(priceText(0.00001234, 'USD')).toBe('$0.00001234')
    expect(priceText(12.3456, 'EUR')).toBe('€12.3456')
  })
  it('reads typed numbers', () => {
    expect(parseDecimalText('1,234.5')).toBe(1234.5)
    expect(parseDecimalText('0,25')).toBe(0.25)
    expect(parseDecimalText(' 10 ')).toBe(10)
    expect(parseDecimalText('-3')).toBeNull()
    expect(parseDecimalText('abc')).toBeNull()
    expect(hasAtMost8Decimals(0.12345678)).toBe(true)
    expect(hasAtMost8Decimals(0.123456789)).toBe(false)
  })
})
