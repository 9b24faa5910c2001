// Money typed into a form: decimal text ("1,234.56", "12,5", "-40") read into a number and
// then through the contract's money codec, so a form accepts exactly what the server does and
// hands over cents. The way back (cents → the text an input shows) uses the same codec.
import { z } from 'zod'
import { money } from '../../contract/common'
import type { Cents } from '../../domain/money'

export const AMOUNT_HINT = 'Enter an amount such as 12.34'

/** The decimal number written in a text, or null: spaces, currency signs and thousands
 *  separators are allowed; a lone comma with one or two digits after it is a decimal mark. */
export function parseAmountText(text: string): number | null {
  const s = text.replace(/[\s$€£¥₹]/g, '').replace(/\u2212/g, '-')
  if (s === '' || s === '-') return null
  let normal: string
  if (/^-?\d+(?:[.,]\d*)?$/.test(s)) normal = s.replace(',', '.')
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
        ctx.addIssue({ code: 'custom', message: AMOUNT_HINT })
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
        ctx.addIssue({ code: 'custom', message: AMOUNT_HINT })
        return z.NEVER
      }
      return n
    })
    .pipe(codec.optional())
}

/** Cents as an input shows them: "1234.50" (no grouping, so it reads back exactly). */
export function centsToText(value: Cents): string {
  return z.encode(money, value).toFixed(2)
}
