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

/**
 * A child is also known by its group's name and its own, 'Housing:Rent' (how QIF and most CSV
 * exports write a sub-category), so two children of one name under different groups stay apart.
 * A bare name finds a group (or top-level category) before a child of that name.
 */
export function categoryBook(categories: readonly { id: string; name: string; parentId?: string | null }[]): CategoryBook {
  const byName = new Map<string, string>()
  const nameOf = new Map(categories.map((c) => [c.id, c.name]))
  const add = (key: string, id: string) => {
    if (!byName.has(key)) byName.set(key, id)
  }
  for (const c of categories) {
    const parent = c.parentId ? nameOf.get(c.parentId) : undefined
    if (parent !== undefined) add(`${parent.trim().toLowerCase()}:${c.name.trim().toLowerCase()}`, c.id)
  }
  for (const c of categories) if (!c.parentId) add(c.name.toLowerCase(), c.id)
  for (const c of categories) add(c.name.toLowerCase(), c.id)
  return { ids: new Set(categories.map((c) => c.id)), byName }
}

/** 'Food:Groceries' finds the child Groceries of the group Food, else a category called 'Food:Groceries', else 'Groceries'. */
export function categoryByName(book: CategoryBook, raw: string | null): string | null {
  if (!raw) return null
  const full = raw.trim().toLowerCase()
  const parts = full.split(':').map((p) => p.trim())
  const path = parts.length >= 2 ? parts.slice(-2).join(':') : full
  return book.byName.get(path) ?? book.byName.get(full) ?? book.byName.get(parts.at(-1) ?? '') ?? null
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
