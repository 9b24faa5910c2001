// A rule in plain words for the list: "Payee contains “coffee” → set category Dining Out".
// Amounts are formatted by lib/format like every amount on screen.
import type { RuleDto } from '#src/contract/rules'
import { asCents } from '#src/domain/money'
import type { MoneyFormatter } from '#src/web/lib/format'

type Names = { accounts: ReadonlyMap<string, string>; categories: ReadonlyMap<string, string> }

type Condition = RuleDto['conditions'][number]

function money(format: MoneyFormatter, value: string | undefined): string {
  const n = Number(value ?? '')
  return Number.isSafeInteger(n) ? format(asCents(n)) : String(value)
}

function moneyAbs(format: MoneyFormatter, value: string | undefined): string {
  const n = Number(value ?? '')
  return Number.isSafeInteger(n) ? format(asCents(Math.abs(n))) : String(value)
}

export function conditionText(c: Condition, names: Names, format: MoneyFormatter): string {
  switch (c.field) {
    case 'payee':
    case 'description': {
      const what = c.field === 'payee' ? 'Payee' : 'Description'
      if (c.operator === 'regex') return `${what} matches /${c.value}/`
      if (c.operator === 'equals') return `${what} is “${c.value}”`
      return `${what} contains “${c.value}”`
    }
    case 'account':
      return `Account is ${names.accounts.get(c.value) ?? 'a deleted account'}`
    case 'amount': {
      const a = Number(c.value)
      const b = Number(c.value2 ?? c.value)
      const out = a <= 0 && b <= 0
      const into = a >= 0 && b >= 0
      const lead = out ? 'Money out' : into ? 'Money in' : 'Amount'
      const show = (v: number) => (out || into ? moneyAbs : money)(format, String(v))
      if (c.operator !== 'between') return `${lead} of ${show(a)}`
      const low = Math.min(a, b)
      const high = Math.max(a, b)
      // money out: the smaller purchase is the amount nearer zero
      return out
        ? `${lead} between ${show(high)} and ${show(low)}`
        : `${lead} between ${show(low)} and ${show(high)}`
    }
  }
}

export function actionTexts(rule: RuleDto, names: Names): string[] {
  const texts: string[] = []
  const { setCategoryId, renamePayee, addNote } = rule.actions
  if (setCategoryId === null) texts.push('clear the category')
  else if (setCategoryId !== undefined)
    texts.push(`set category ${names.categories.get(setCategoryId) ?? '(a deleted category)'}`)
  if (renamePayee) texts.push(`rename the payee to “${renamePayee}”`)
  if (addNote) texts.push(`add the note “${addNote}”`)
  return texts
}

export function ruleText(
  rule: RuleDto,
  names: Names,
  format: MoneyFormatter,
): { when: string; then: string } {
  const joiner = rule.match === 'any' ? ' or ' : ' and '
  return {
    when: rule.conditions.map((c) => conditionText(c, names, format)).join(joiner),
    then: actionTexts(rule, names).join(', '),
  }
}
