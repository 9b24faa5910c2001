// The category an imported row gets (ADR 0013), in one order: the user's own choice in the
// review, else a matching rule, else the category last chosen for the payee (learned), else a
// category the file names (QIF L, a CSV category column) that is one of the household's. Splits
// the file gives, when they add up to the row, take the file's categories part by part.
import type { Cents } from '../money'
import type { RuleOutcome } from '../rules'
import type { ParsedTransaction } from './types'

export type CategorySource = 'user' | 'rule' | 'learned' | 'file'

export type CategoryChoice = {
  categoryId: string | null
  source: CategorySource | null
  /** the file's splits, each with its category (only when they add up to the row) */
  splits: { categoryId: string | null; amount: Cents; memo: string }[]
}

/** What the choice knows about the household: its category ids and their names (lower case). */
export type CategoryBook = {
  ids: ReadonlySet<string>
  /** lower-case name → id (the first of a name wins) */
  byName: ReadonlyMap<string, string>
}

export function categoryBook(categories: readonly { id: string; name: string }[]): CategoryBook {
  const byName = new Map<string, string>()
  for (const c of categories) if (!byName.has(c.name.toLowerCase())) byName.set(c.name.toLowerCase(), c.id)
  return { ids: new Set(categories.map((c) => c.id)), byName }
}

/** 'Food:Groceries' finds a category called 'Food:Groceries' or else 'Groceries'. */
export function categoryByName(book: CategoryBook, raw: string | null): string | null {
  if (!raw) return null
  const full = raw.trim().toLowerCase()
  return book.byName.get(full) ?? book.byName.get(full.split(':').pop()?.trim() ?? '') ?? null
}

/**
 * The category of one row. `chosen` is the user's pick in the review (undefined: none; null:
 * "no category"); `learned` the id learned for its payee (or for the payee a rule gave it).
 */
export function chooseCategory(
  t: Pick<ParsedTransaction, 'amount' | 'category' | 'splits'>,
  book: CategoryBook,
  rule: RuleOutcome | null,
  learned: string | undefined,
  chosen?: string | null,
): CategoryChoice {
  if (chosen !== undefined) {
    return { categoryId: chosen !== null && book.ids.has(chosen) ? chosen : null, source: 'user', splits: [] }
  }
  const splits = t.splits
  if (splits.length >= 2 && splits.reduce((sum, s) => sum + s.amount, 0) === t.amount) {
    const parts = splits.map((s) => ({ categoryId: categoryByName(book, s.category), amount: s.amount, memo: s.memo.slice(0, 200) }))
    return { categoryId: null, source: parts.some((s) => s.categoryId !== null) ? 'file' : null, splits: parts }
  }
  if (rule?.categoryId !== undefined) {
    // a rule may name a category deleted since: it then sets none
    return { categoryId: rule.categoryId !== null && book.ids.has(rule.categoryId) ? rule.categoryId : null, source: 'rule', splits: [] }
  }
  if (learned !== undefined) return { categoryId: learned, source: 'learned', splits: [] }
  const fromFile = categoryByName(book, t.category ?? (splits.length === 1 ? (splits[0]?.category ?? null) : null))
  return fromFile !== null ? { categoryId: fromFile, source: 'file', splits: [] } : { categoryId: null, source: null, splits: [] }
}
