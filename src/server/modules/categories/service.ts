// Categories of a household: one level of nesting, unique names under a parent, and the
// delete and merge that keep transactions, splits, bills, budgets, rollups, rules and learned
// payee choices consistent.
import type { z } from 'zod'
import type { Category, createCategoryBody, updateCategoryBody } from '#src/contract/categories'
import { DEFAULT_CATEGORIES } from '#src/domain/default-categories'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { badRequest, conflict, notFound } from '#src/server/http/errors'
import * as repo from './repo'

type Scope = { householdId: string }

// names sort the same on PGlite and on any PostgreSQL collation: case- and accent-insensitive,
// numbers by value ("Kid 2" before "Kid 10")
const byName = new Intl.Collator('en', { sensitivity: 'base', numeric: true })
const compareRows = (a: repo.CategoryRow, b: repo.CategoryRow) =>
  byName.compare(a.name, b.name) ||
  (a.name < b.name ? -1 : a.name > b.name ? 1 : 0) ||
  (a.id < b.id ? -1 : 1)

/** A new household's categories: the default parents, then their children under them. */
export async function createDefaultCategories(db: DbOrTx, householdId: string): Promise<void> {
  const parents = await repo.insertCategoryRows(
    db,
    DEFAULT_CATEGORIES.map((c) => ({ householdId, name: c.name, kind: c.kind })),
  )
  const byName = new Map(parents.map((p) => [p.name, p.id]))
  const children = DEFAULT_CATEGORIES.flatMap((c) =>
    (c.children ?? []).map((name) => ({ householdId, name, kind: c.kind, parentId: byName.get(c.name) ?? null })),
  )
  if (children.length) await repo.insertCategoryRows(db, children)
}

export function toCategoryDto(row: repo.CategoryRow): Category {
  return {
    id: row.id,
    name: row.name,
    parentId: row.parentId,
    kind: row.kind === 'income' ? 'income' : 'expense',
    isHidden: row.isHidden,
    color: row.color,
  }
}

/** Top-level categories by name, each followed by its children by name. */
export async function listCategories(db: Db, { householdId }: Scope): Promise<Category[]> {
  const rows = (await repo.listCategoryRows(db, householdId)).sort(compareRows)
  const children = new Map<string, repo.CategoryRow[]>()
  for (const row of rows) {
    if (row.parentId === null) continue
    const list = children.get(row.parentId) ?? []
    list.push(row)
    children.set(row.parentId, list)
  }
  return rows
    .filter((row) => row.parentId === null)
    .flatMap((parent) => [parent, ...(children.get(parent.id) ?? [])])
    .map(toCategoryDto)
}

async function requireCategory(
  db: DbOrTx,
  householdId: string,
  id: string,
): Promise<repo.CategoryRow> {
  const row = await repo.findCategory(db, householdId, id)
  if (!row) throw notFound('Category')
  return row
}

/** The parent named in a body: a top-level category of the same household. */
async function requireParent(
  db: DbOrTx,
  householdId: string,
  parentId: string,
): Promise<repo.CategoryRow> {
  const parent = await repo.findCategory(db, householdId, parentId)
  if (!parent) throw badRequest('That parent category does not exist', 'UNKNOWN_CATEGORY')
  if (parent.parentId !== null) {
    throw badRequest(
      'Categories nest one level only: choose a top-level category as the parent',
      'CATEGORY_TOO_DEEP',
    )
  }
  return parent
}

async function requireUniqueName(
  db: DbOrTx,
  householdId: string,
  parentId: string | null,
  name: string,
  exceptId?: string,
): Promise<void> {
  const clash = await repo.findSiblingByName(db, householdId, parentId, name, exceptId)
  if (clash) {
    throw conflict(
      parentId === null
        ? `A category named "${clash.name}" already exists`
        : `This category already has a subcategory named "${clash.name}"`,
      'DUPLICATE_CATEGORY',
    )
  }
}

export async function createCategory(
  db: Db,
  { householdId }: Scope,
  body: z.output<typeof createCategoryBody>,
): Promise<Category> {
  return db.transaction(async (tx) => {
    const parent =
      body.parentId === null ? null : await requireParent(tx, householdId, body.parentId)
    await requireUniqueName(tx, householdId, body.parentId, body.name)
    const row = await repo.insertCategory(tx, {
      householdId,
      name: body.name,
      parentId: body.parentId,
      // a subcategory is of its parent's kind, so income and spending never mix in one group
      kind: parent ? parent.kind : body.kind,
      color: body.color,
    })
    return toCategoryDto(row)
  })
}

export async function updateCategory(
  db: Db,
  { householdId }: Scope,
  id: string,
  body: z.output<typeof updateCategoryBody>,
  now: Date,
): Promise<Category> {
  return db.transaction(async (tx) => {
    const row = await requireCategory(tx, householdId, id)
    const parentId = body.parentId === undefined ? row.parentId : body.parentId
    let kind = row.kind
    if (parentId !== null && parentId !== row.parentId) {
      if (parentId === row.id)
        throw badRequest('A category cannot be its own parent', 'CATEGORY_TOO_DEEP')
      const parent = await requireParent(tx, householdId, parentId)
      const children = await repo.listChildren(tx, householdId, row.id)
      if (children.length > 0) {
        throw badRequest(
          'A category with subcategories cannot be moved under another category',
          'CATEGORY_TOO_DEEP',
        )
      }
      kind = parent.kind
    }
    const name = body.name ?? row.name
    if (name !== row.name || parentId !== row.parentId) {
      await requireUniqueName(tx, householdId, parentId, name, row.id)
    }
    const updated = await repo.updateCategoryRow(tx, householdId, id, {
      name,
      parentId,
      kind,
      ...(body.isHidden === undefined ? {} : { isHidden: body.isHidden }),
      ...(body.color === undefined ? {} : { color: body.color }),
      updatedAt: now,
    })
    if (!updated) throw notFound('Category')
    return toCategoryDto(updated)
  })
}

/** Fails (changing nothing) when a child would clash by name with its new siblings. */
async function requireChildrenFit(
  tx: DbOrTx,
  householdId: string,
  children: repo.CategoryRow[],
  newParentId: string | null,
): Promise<void> {
  for (const child of children) {
    const clash = await repo.findSiblingByName(tx, householdId, newParentId, child.name)
    if (clash) {
      throw conflict(
        newParentId === null
          ? `Its subcategory "${child.name}" would move to the top level, where a category of that name already exists: rename or merge it first`
          : `Its subcategory "${child.name}" would move to a category that already has one of that name: rename or merge it first`,
        'DUPLICATE_CATEGORY',
      )
    }
  }
}

/**
 * Deletes a category. Its subcategories move up to the top level (they are not deleted);
 * its transactions, splits and bills become uncategorized and its budgets go.
 */
export async function deleteCategory(
  db: Db,
  { householdId }: Scope,
  id: string,
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await requireCategory(tx, householdId, id)
    const children = await repo.listChildren(tx, householdId, id)
    await requireChildrenFit(tx, householdId, children, null)
    // the parent_id foreign key cascades: children must be moved out before the delete
    if (children.length > 0) await repo.moveChildren(tx, householdId, id, { parentId: null }, now)
    // rollups and rule actions have no foreign key; the others follow the category through
    // theirs (transactions, splits, bills: set null; budgets, learned payee choices: cascade)
    await repo.mergeRollups(tx, householdId, id, null)
    await repo.dropRuleCategory(tx, householdId, id, now)
    await repo.deleteCategoryRow(tx, householdId, row.id)
  })
}

/**
 * Merges a category into another: transactions, splits, bills, budgets (same month: summed)
 * and rollups move to the target, subcategories move under it, and the source is deleted.
 */
export async function mergeCategory(
  db: Db,
  { householdId }: Scope,
  id: string,
  intoId: string,
  now: Date,
): Promise<Category> {
  return db.transaction(async (tx) => {
    const source = await requireCategory(tx, householdId, id)
    if (intoId === id)
      throw badRequest('Choose a different category to merge into', 'SAME_CATEGORY')
    const target = await repo.findCategory(tx, householdId, intoId)
    if (!target) throw badRequest('The category to merge into does not exist', 'UNKNOWN_CATEGORY')
    const children = await repo.listChildren(tx, householdId, id)
    if (children.length > 0) {
      if (target.parentId !== null) {
        throw badRequest(
          'A category with subcategories can only be merged into a top-level category',
          'CATEGORY_TOO_DEEP',
        )
      }
      await requireChildrenFit(tx, householdId, children, target.id)
      await repo.moveChildren(tx, householdId, id, { parentId: target.id, kind: target.kind }, now)
    }
    await repo.reassignCategory(tx, householdId, id, target.id, now)
    await repo.mergeBudgets(tx, householdId, id, target.id, now)
    await repo.mergeRollups(tx, householdId, id, target.id)
    await repo.deleteCategoryRow(tx, householdId, source.id)
    return toCategoryDto(target)
  })
}
