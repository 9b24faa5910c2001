// The "Add activity" form: which fields each type asks for, and how the typed text becomes the
// API's body. Numbers are read from the text (a typed "1,234.5" or "0,25" too), then the
// contract's own schema (createActivityBody) checks the body, so the form refuses exactly what
// the server would, with its messages, each at its field. The body stays as typed (decimal
// amounts); the mutation decodes it with the same schema before sending.
import {
  createActivityBody,
  type ActivityType,
  type ASSET_KINDS,
} from '#src/contract/investments'
import { parseAmountText } from '#src/web/lib/money-input'
import { parseDecimalText } from './investment-format'

export type TransferMode = 'shares' | 'cash'

export type ActivityFormValues = {
  accountId: string
  type: ActivityType
  /** transfers: shares or cash moving */
  mode: TransferMode
  symbol: string
  date: string
  quantity: string
  price: string
  amount: string
  fees: string
  ratio: string
  costBasis: string
  memo: string
  /** a symbol seen for the first time: the new security */
  name: string
  kind: (typeof ASSET_KINDS)[number]
  currency: string
}

export type ActivityField = Exclude<keyof ActivityFormValues, 'mode'>

/** The wire body: what POST /api/investments/activities takes. */
export type ActivityWire = {
  accountId: string
  type: ActivityType
  date: string
  symbol?: string
  quantity?: number
  price?: number
  amount?: number
  fees?: number
  ratio?: number
  costBasis?: number
  memo?: string
  name?: string
  kind?: (typeof ASSET_KINDS)[number]
  currency?: string
}

/** A blank form: a buy into `accountId` dated `today`, the new security a stock. */
export function blankActivityForm(accountId: string, today: string): ActivityFormValues {
  return {
    accountId,
    type: 'buy',
    mode: 'shares',
    symbol: '',
    date: today,
    quantity: '',
    price: '',
    amount: '',
    fees: '',
    ratio: '',
    costBasis: '',
    memo: '',
    name: '',
    kind: 'stock',
    currency: '',
  }
}

type FieldNeed = 'required' | 'optional'

/** The fields of each type (and mode, for transfers) with whether each is required. */
export function fieldsFor(
  type: ActivityType,
  mode: TransferMode,
): Partial<
  Record<'symbol' | 'quantity' | 'price' | 'amount' | 'fees' | 'ratio' | 'costBasis', FieldNeed>
> {
  switch (type) {
    case 'buy':
    case 'sell':
      return {
        symbol: 'required',
        quantity: 'required',
        price: 'required',
        amount: 'optional',
        fees: 'optional',
      }
    case 'dividend':
    case 'interest':
      return { symbol: 'optional', amount: 'required', fees: 'optional' }
    case 'fee':
      return { symbol: 'optional', amount: 'required' }
    case 'split':
      return { symbol: 'required', ratio: 'required' }
    case 'transfer_in':
      return mode === 'cash'
        ? { amount: 'required' }
        : { symbol: 'required', quantity: 'required', costBasis: 'required', price: 'optional' }
    case 'transfer_out':
      return mode === 'cash' ? { amount: 'required' } : { symbol: 'required', quantity: 'required' }
  }
}

export const NUMBER_HINT = 'Enter a number such as 12.5'
export const AMOUNT_TEXT_HINT = 'Enter an amount such as 12.34'

export type ActivityCheck =
  { ok: true; body: ActivityWire } | { ok: false; errors: Partial<Record<ActivityField, string>> }

/**
 * Reads the form into the API's body and checks it with the contract. `isNewSymbol` says
 * whether a symbol is unknown to the household (then the new security's name, kind and
 * currency go along).
 */
export function readActivityForm(
  values: ActivityFormValues,
  isNewSymbol: (symbol: string) => boolean,
): ActivityCheck {
  const fields = fieldsFor(values.type, values.mode)
  const errors: Partial<Record<ActivityField, string>> = {}
  const body: ActivityWire = { accountId: values.accountId, type: values.type, date: values.date }

  const readNumber = (field: 'quantity' | 'price' | 'ratio', money: boolean) => {
    const text = values[field].trim()
    if (text === '') return
    const n = money ? parseAmountText(text) : parseDecimalText(text)
    if (n === null) errors[field] = NUMBER_HINT
    else body[field] = n
  }
  const readMoney = (field: 'amount' | 'fees' | 'costBasis') => {
    const text = values[field].trim()
    if (text === '') return
    const n = parseAmountText(text)
    if (n === null) errors[field] = AMOUNT_TEXT_HINT
    else body[field] = n
  }

  if (fields.symbol !== undefined && values.symbol.trim() !== '') body.symbol = values.symbol.trim()
  if (fields.quantity !== undefined) readNumber('quantity', false)
  if (fields.price !== undefined) readNumber('price', false)
  if (fields.ratio !== undefined) readNumber('ratio', false)
  if (fields.amount !== undefined) readMoney('amount')
  if (fields.fees !== undefined) readMoney('fees')
  if (fields.costBasis !== undefined) readMoney('costBasis')
  if (values.memo.trim() !== '') body.memo = values.memo.trim()
  if (body.symbol !== undefined && isNewSymbol(body.symbol.toUpperCase())) {
    if (values.name.trim() !== '') body.name = values.name.trim()
    body.kind = values.kind
    if (values.currency.trim() !== '') body.currency = values.currency.trim().toUpperCase()
  }

  const checked = createActivityBody.safeParse(body)
  if (!checked.success) {
    for (const issue of checked.error.issues) {
      const key = issue.path[0]
      const field = typeof key === 'string' && isField(key) ? key : 'accountId'
      errors[field] ??= issue.message
    }
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors }
  return { ok: true, body }
}

const FIELDS: readonly ActivityField[] = [
  'accountId',
  'type',
  'symbol',
  'date',
  'quantity',
  'price',
  'amount',
  'fees',
  'ratio',
  'costBasis',
  'memo',
  'name',
  'kind',
  'currency',
]

export function isField(key: string): key is ActivityField {
  return FIELDS.some((f) => f === key)
}
