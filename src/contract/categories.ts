// Categories (docs/product.md §3 Category: id, name), nested one level, hideable and mergeable.
import { z } from 'zod'
import { CATEGORY_KINDS } from '../domain/categories'
import { ADULT_WRITE, MEMBER_READ, endpoint } from './endpoint'
import { id, idParams, requiredText } from './common'

export const categoryKind = z.enum(CATEGORY_KINDS)

export const category = z.object({
  id,
  name: z.string(),
  parentId: id.nullable(),
  kind: categoryKind,
  isHidden: z.boolean(),
  color: z.string().nullable(),
})
export type Category = z.output<typeof category>

const color = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must look like #1a2b3c').nullable()

export const createCategoryBody = z.object({
  name: requiredText(60, 'Name'),
  parentId: id.nullable().default(null),
  kind: categoryKind.default('expense'),
  color: color.default(null),
})

export const updateCategoryBody = z
  .object({
    name: requiredText(60, 'Name'),
    parentId: id.nullable(),
    isHidden: z.boolean(),
    color,
  })
  .partial()

export const listCategories = endpoint({
  method: 'GET',
  path: '/api/categories',
  summary: 'Every category of the household (hidden ones included, flagged)',
  tag: 'categories',
  access: MEMBER_READ,
  response: z.array(category),
})

export const createCategory = endpoint({
  method: 'POST',
  path: '/api/categories',
  summary: 'Create a category (optionally under a parent)',
  tag: 'categories',
  access: ADULT_WRITE,
  body: createCategoryBody,
  response: category,
  status: 201,
})

export const updateCategory = endpoint({
  method: 'PATCH',
  path: '/api/categories/:id',
  summary: 'Rename, move, hide or recolour a category',
  tag: 'categories',
  access: ADULT_WRITE,
  params: idParams,
  body: updateCategoryBody,
  response: category,
})

export const deleteCategory = endpoint({
  method: 'DELETE',
  path: '/api/categories/:id',
  summary: 'Delete a category: its transactions become uncategorized, its budgets go',
  tag: 'categories',
  access: ADULT_WRITE,
  params: idParams,
  response: null,
})

export const mergeCategory = endpoint({
  method: 'POST',
  path: '/api/categories/:id/merge',
  summary: 'Merge a category into another: transactions, splits, budgets and bills move over',
  tag: 'categories',
  access: ADULT_WRITE,
  params: idParams,
  body: z.object({ intoId: id }),
  response: category,
})
