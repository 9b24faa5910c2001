// Category groups (ADR 0036): categories nest one level, a top-level category being the group
// of its children. Every roll-up of spending or budgets to the group level is worked out here,
// once, for the spending plan, the dashboard's top categories, the reports, the insights, the
// budget alerts and the mood score, so that they agree to the cent.
//
// The rules:
// - a category's group is its parent, or itself when it is top-level; uncategorized stays
//   uncategorized (null); a category whose parent is unknown counts as its own group;
// - a group's spending is its own (rows filed on the group itself) plus its children's;
// - a group's budget is the budget set on the group when there is one (above 0): it covers the
//   whole group's spending, and its children's budgets are shown within it (never added to it);
//   without one, it is the sum of its children's budgets;
// - the household's total budget counts each group once, by that same rule.

import { asCents, ZERO, type Cents } from './money'

/** The levels a spending report lists: each category, or each group with its children in it. */
export const CATEGORY_LEVELS = ['category', 'group'] as const
export type CategoryLevel = (typeof CATEGORY_LEVELS)[number]

/** How spending without a category is named wherever categories are listed. */
export const UNCATEGORIZED = 'Uncategorized'

export type CategoryNode = { id: string; parentId: string | null }

/** category id → its parent id (null for a top-level one), to look groups up by. */
export type CategoryTree = ReadonlyMap<string, string | null>

export function categoryTree(categories: Iterable<CategoryNode>): CategoryTree {
  const tree = new Map<string, string | null>()
  for (const c of categories) tree.set(c.id, c.parentId)
  return tree
}

/** The group a category's spending rolls up to: its parent, or itself at the top level. */
export function groupOf(tree: CategoryTree, categoryId: string | null): string | null {
  if (categoryId === null) return null
  const parentId = tree.get(categoryId) ?? null
  return parentId !== null && tree.has(parentId) ? parentId : categoryId
}

/** The category itself and, for a group, every child: what "spending on X" covers. */
export function withChildren(tree: CategoryTree, categoryId: string): string[] {
  const ids = [categoryId]
  for (const [id, parentId] of tree) if (parentId === categoryId && id !== categoryId) ids.push(id)
  return ids
}

/** Rows with their category replaced by its group: what group-level detectors look at. */
export function inGroups<T extends { categoryId: string | null }>(rows: readonly T[], tree: CategoryTree): T[] {
  return rows.map((row) => {
    const groupId = groupOf(tree, row.categoryId)
    return groupId === row.categoryId ? row : { ...row, categoryId: groupId }
  })
}

export type CategoryTotal = { categoryId: string | null; total: Cents }

export type GroupTotal = {
  /** the group (a top-level category); null for uncategorized */
  groupId: string | null
  /** the group's own spending and its children's */
  total: Cents
  /** what makes up the total, per category (the group itself included when it has its own), largest first */
  parts: CategoryTotal[]
}

const largestFirst = (a: { total: Cents }, b: { total: Cents }) => b.total - a.total

/**
 * Totals per category rolled up to their groups, largest group first (ties keep the order of
 * first appearance). Several rows of one category (per account, per currency) add up.
 */
export function rollUpToGroups(rows: readonly CategoryTotal[], tree: CategoryTree): GroupTotal[] {
  const groups = new Map<string | null, Map<string | null, number>>()
  for (const row of rows) {
    const groupId = groupOf(tree, row.categoryId)
    let parts = groups.get(groupId)
    if (!parts) {
      parts = new Map()
      groups.set(groupId, parts)
    }
    parts.set(row.categoryId, (parts.get(row.categoryId) ?? 0) + row.total)
  }
  return [...groups]
    .map(([groupId, parts]) => {
      const list = [...parts].map(([categoryId, total]) => ({ categoryId, total: asCents(total) }))
      return {
        groupId,
        total: asCents(list.reduce((sum, p) => sum + p.total, 0)),
        parts: list.sort(largestFirst),
      }
    })
    .sort(largestFirst)
}

/** A month's budget of one category: null when none is set. */
export type BudgetFigures = { budget: Cents | null; carried: Cents }

export type GroupBudget = {
  budget: Cents
  carried: Cents
  /** 'group': set on the group itself; 'children': the sum of its children's; 'none': neither */
  source: 'group' | 'children' | 'none'
  /** the sum of the children's budgets (shown within a group's own budget) */
  childrenBudget: Cents
}

/**
 * A group's budget for a month (see the rules at the top): its own when set, with what its own
 * rollover carried in; else its children's added up, with what theirs carried in (and anything
 * the group's own earlier budget still carries).
 */
export function groupBudget(own: BudgetFigures, children: readonly BudgetFigures[]): GroupBudget {
  let childrenBudget = 0
  let childrenCarried = 0
  let anyChild = false
  for (const child of children) {
    if (child.budget !== null) {
      anyChild = true
      childrenBudget += child.budget
    }
    childrenCarried += child.carried
  }
  // a zero on the group is how a cleared field is saved: no budget of its own
  if (own.budget !== null && own.budget > 0) {
    return { budget: own.budget, carried: own.carried, source: 'group', childrenBudget: asCents(childrenBudget) }
  }
  return {
    budget: asCents(childrenBudget),
    carried: asCents(own.carried + childrenCarried),
    source: anyChild ? 'children' : 'none',
    childrenBudget: asCents(childrenBudget),
  }
}

/**
 * The household's total budget of a month, each group counted once: a group's own budget when
 * set (its children's are within it), else its children's. `budgets` are the month's, one per
 * category.
 */
export function totalBudget(
  budgets: readonly { categoryId: string; amount: Cents }[],
  tree: CategoryTree,
): Cents {
  const own = new Map(budgets.map((b) => [b.categoryId, b.amount]))
  let total = 0
  for (const b of budgets) {
    const groupId = groupOf(tree, b.categoryId)
    // a child's budget counts only when its group has none of its own
    if (groupId !== b.categoryId && groupId !== null && (own.get(groupId) ?? 0) > 0) continue
    total += b.amount
  }
  return total === 0 ? ZERO : asCents(total)
}
