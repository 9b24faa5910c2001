// Money typed by members of different locales reads back to the same cents.
import { afterEach, describe, expect, it } from 'vitest'
import { money } from '#src/contract/common'
import { asCents } from '#src/domain/money'
import { countText, setDisplayLocale } from './display-locale'
import { amountHint, centsToText, moneyText, parseAmountText } from './money-input'

afterEach(() => setDisplayLocale(undefined))

describe('money typed in a form', () => {
  it('reads en-US text as before', () => {
    expect(parseAmountText('1,234.56')).toBe(1234.56)
    expect(parseAmountText('12.5')).toBe(12.5)
    expect(parseAmountText('12,50')).toBe(12.5)
    expect(parseAmountText('1,234')).toBe(1234)
    expect(parseAmountText('$ 40')).toBe(40)
    expect(parseAmountText('abc')).toBeNull()
    expect(centsToText(asCents(123450))).toBe('1234.50')
    expect(amountHint()).toBe('Enter an amount such as 12.34')
  })

  it('reads what a German member types, and writes amounts back their way', () => {
    setDisplayLocale('de-DE')
    expect(parseAmountText('1.234,56')).toBe(1234.56)
    expect(parseAmountText('12,50')).toBe(12.5)
    expect(parseAmountText('1.234')).toBe(1234)
    expect(parseAmountText('1234,5 €')).toBe(1234.5)
    expect(moneyText(money).parse('12,50')).toBe(1250)
    expect(centsToText(asCents(123450))).toBe('1234,50')
    expect(moneyText(money).parse(centsToText(asCents(123450)))).toBe(123450)
    expect(amountHint()).toBe('Enter an amount such as 12,34')
    expect(countText(1234567)).toBe('1.234.567')
  })

  it('reads French amounts with spaces between the thousands', () => {
    setDisplayLocale('fr-FR')
    expect(parseAmountText('1\u202F234,56')).toBe(1234.56)
    expect(parseAmountText('1 234,56')).toBe(1234.56)
  })
})
