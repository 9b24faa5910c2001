// Money typed into a form: decimal text ("1,234.56", "12,5", "-40") read into a number and
// then through the contract's money codec, so a form accepts exactly what the server does and
// hands over cents. The way back (cents → the text an input shows) uses the same codec.
// The member's locale (lib/display-locale) decides the reading of "1.234" (1234 in de-DE,
// 1.234 in en-US) and how an amount is written back for editing ("1234,50").
import { z } from 'zod'
import { money } from '#src/contract/common'
import { decimalSeparator, formatDecimalInput } from '#src/domain/locale'
import type { Cents } from '#src/domain/money'
import { displayLocale } from './display-locale'

export const AMOUNT_HINT = 'Enter an amount such as 12.34'

/** "Enter an amount such as 12,34" with the member's decimal mark. */
export function amountHint(): string {
  return decimalSeparator(displayLocale()) === ',' ? 'Enter an amount such as 12,34' : AMOUNT_HINT
}

/** The decimal number written in a text, or null: spaces, currency signs and thousands
 *  separators are allowed; a lone comma or point is the decimal mark, except one followed by
 *  exactly three digits that is the locale's thousands mark ("1.234" is 1234 in de-DE). */
export function parseAmountText(
  text: string,
  decimal: '.' | ',' = decimalSeparator(displayLocale()),
): number | null {
  const s = text.replace(/[\s$€£¥₹'’]/g, '').replace(/\u2212/g, '-')
  if (s === '' || s === '-') return null
  const group = decimal === ',' ? '.' : ','
  let normal: string
  if (new RegExp(`^-?\\d{1,3}\\${group}\\d{3}$`).test(s)) normal = s.replace(group, '')
  else if (/^-?\d+(?:[.,]\d*)?$/.test(s)) normal = s.replace(',', '.')
  else if (/^-?\d{1,3}(?:,\d{3})+(?:\.\d*)?$/.test(s)) normal = s.replace(/,/g, '')
  else if (/^-?\d{1,3}(?:\.\d{3})+(?:,\d*)?$/.test(s))
    normal = s.replace(/\./g, '').replace(',', '.')
  else return null
  const n = Number(normal)
  return Number.isFinite(n) ? n : null
}

type MoneyCodec = z.ZodType<Cents, number>

/** A form field for money: text in, cents out, checked by `codec` (money, positiveMoney …). */
export function moneyText<C extends MoneyCodec>(codec: C, required = 'Enter an amount') {
  return z
    .string()
    .trim()
    .min(1, required)
    .transform((text, ctx) => {
      const n = parseAmountText(text)
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: amountHint() })
        return z.NEVER
      }
      return n
    })
    .pipe(codec)
}

/** An optional money field: blank is undefined. */
export function optionalMoneyText<C extends MoneyCodec>(codec: C) {
  return z
    .string()
    .trim()
    .transform((text, ctx) => {
      if (text === '') return undefined
      const n = parseAmountText(text)
      if (n === null) {
        ctx.addIssue({ code: 'custom', message: amountHint() })
        return z.NEVER
      }
      return n
    })
    .pipe(codec.optional())
}

/** Cents as an input shows them: "1234.50", "1234,50" in de-DE (no grouping, so it reads back
 *  exactly). */
export function centsToText(value: Cents): string {
  return formatDecimalInput(z.encode(money, value), displayLocale())
}
