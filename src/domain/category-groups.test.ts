import { describe, expect, it } from 'vitest'
import {
  categoryTree,
  groupBudget,
  groupOf,
  rollUpToGroups,
  totalBudget,
  withChildren,
} from './category-groups'
import { asCents } from './money'

const c = asCents
// Housing → Rent, Utilities; Food → Groceries; Travel on its own
const tree = categoryTree([
  { id: 'housing', parentId: null },
  { id: 'rent', parentId: 'housing' },
  { id: 'utilities', parentId: 'housing' },
  { id: 'food', parentId: null },
  { id: 'groceries', parentId: 'food' },
  { id: 'travel', parentId: null },
  { id: 'orphan', parentId: 'gone' },
])

describe('groupOf and withChildren', () => {
  it('a child rolls up to its parent, a top-level category to itself, uncategorized stays null', () => {
    expect(groupOf(tree, 'rent')).toBe('housing')
    expect(groupOf(tree, 'housing')).toBe('housing')
    expect(groupOf(tree, 'travel')).toBe('travel')
    expect(groupOf(tree, null)).toBeNull()
    // a parent that is not known (another household's, or deleted): its own group
    expect(groupOf(tree, 'orphan')).toBe('orphan')
    expect(groupOf(tree, 'unknown')).toBe('unknown')
  })

  it('a group covers itself and its children; a child only itself', () => {
    expect(withChildren(tree, 'housing').sort()).toEqual(['housing', 'rent', 'utilities'])
    expect(withChildren(tree, 'rent')).toEqual(['rent'])
  })
})

describe('rollUpToGroups', () => {
  it('adds children (and rows filed on the group itself) into the group, to the cent, largest group first', () => {
    const rows = [
      { categoryId: 'rent', total: c(120_000) },
      { categoryId: 'utilities', total: c(8_937) },
      { categoryId: 'utilities', total: c(1_063) }, // a second account: adds up
      { categoryId: 'housing', total: c(2_501) },
      { categoryId: 'groceries', total: c(45_678) },
      { categoryId: 'food', total: c(1) },
      { categoryId: 'travel', total: c(131_502) },
      { categoryId: null, total: c(999) },
    ]
    expect(rollUpToGroups(rows, tree)).toEqual([
      {
        groupId: 'housing',
        total: 132_501,
        parts: [
          { categoryId: 'rent', total: 120_000 },
          { categoryId: 'utilities', total: 10_000 },
          { categoryId: 'housing', total: 2_501 },
        ],
      },
      { groupId: 'travel', total: 131_502, parts: [{ categoryId: 'travel', total: 131_502 }] },
      {
        groupId: 'food',
        total: 45_679,
        parts: [
          { categoryId: 'groceries', total: 45_678 },
          { categoryId: 'food', total: 1 },
        ],
      },
      { groupId: null, total: 999, parts: [{ categoryId: null, total: 999 }] },
    ])
  })

  it('nothing in, nothing out', () => {
    expect(rollUpToGroups([], tree)).toEqual([])
  })
})

describe('groupBudget', () => {
  it("a budget on the group covers the whole group: the children's are within it, not added", () => {
    expect(
      groupBudget({ budget: c(150_000), carried: c(-2_500) }, [
        { budget: c(120_000), carried: c(1_000) },
        { budget: c(20_000), carried: c(0) },
      ]),
    ).toEqual({ budget: 150_000, carried: -2_500, source: 'group', childrenBudget: 140_000 })
  })

  it("without one, the group's budget is its children's added up, with what they carried in", () => {
    expect(
      groupBudget({ budget: null, carried: c(0) }, [
        { budget: c(120_000), carried: c(1_050) },
        { budget: null, carried: c(0) },
        { budget: c(9_999), carried: c(-49) },
      ]),
    ).toEqual({ budget: 129_999, carried: 1_001, source: 'children', childrenBudget: 129_999 })
  })

  it('a zero on the group (a cleared field) is no budget of its own: the children’s add up', () => {
    expect(groupBudget({ budget: c(0), carried: c(0) }, [{ budget: c(5_000), carried: c(0) }])).toEqual({
      budget: 5_000,
      carried: 0,
      source: 'children',
      childrenBudget: 5_000,
    })
    expect(
      totalBudget(
        [
          { categoryId: 'housing', amount: c(0) },
          { categoryId: 'rent', amount: c(120_000) },
        ],
        tree,
      ),
    ).toBe(120_000)
  })

  it('no budgets at all', () => {
    expect(groupBudget({ budget: null, carried: c(0) }, [])).toEqual({
      budget: 0,
      carried: 0,
      source: 'none',
      childrenBudget: 0,
    })
  })
})

describe('totalBudget', () => {
  it('counts each group once: its own budget when set, else its children’s', () => {
    const budgets = [
      { categoryId: 'housing', amount: c(150_000) },
      { categoryId: 'rent', amount: c(120_000) }, // within Housing's
      { categoryId: 'utilities', amount: c(20_000) }, // within Housing's
      { categoryId: 'groceries', amount: c(40_050) }, // Food has none: counts
      { categoryId: 'travel', amount: c(9_999) },
    ]
    expect(totalBudget(budgets, tree)).toBe(150_000 + 40_050 + 9_999)
  })

  it('children alone add up', () => {
    expect(
      totalBudget(
        [
          { categoryId: 'rent', amount: c(120_000) },
          { categoryId: 'utilities', amount: c(20_001) },
        ],
        tree,
      ),
    ).toBe(140_001)
  })
})
