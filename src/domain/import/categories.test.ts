import { describe, expect, it } from 'vitest'
import { categoryBook, categoryByName, chooseCategory } from './categories'
import { asCents } from '../money'

// a group and its children, and a top-level "Fuel" beside Transportation's child "Fuel"
const book = categoryBook([
  { id: 'housing', name: 'Housing', parentId: null },
  { id: 'rent', name: 'Rent', parentId: 'housing' },
  { id: 'transport', name: 'Transportation', parentId: null },
  { id: 'car-fuel', name: 'Fuel', parentId: 'transport' },
  { id: 'home', name: 'Home', parentId: null },
  { id: 'home-fuel', name: 'Fuel', parentId: 'home' },
  { id: 'fuel', name: 'Fuel', parentId: null },
])

describe('categories an import names (a group or a child)', () => {
  it("'Group:Child' finds that group's child, whichever group it is", () => {
    expect(categoryByName(book, 'Transportation:Fuel')).toBe('car-fuel')
    expect(categoryByName(book, ' home : FUEL ')).toBe('home-fuel')
    expect(categoryByName(book, 'Housing:Rent')).toBe('rent')
    // QIF may write deeper paths: the last two parts decide
    expect(categoryByName(book, 'Bills:Housing:Rent')).toBe('rent')
  })

  it('a bare name finds a group or top-level category before a child of that name', () => {
    expect(categoryByName(book, 'Housing')).toBe('housing')
    expect(categoryByName(book, 'Fuel')).toBe('fuel')
    // a child's own name still works when no group has it
    expect(categoryByName(book, 'rent')).toBe('rent')
    // an unknown group falls back to the child's name
    expect(categoryByName(book, 'Elsewhere:Rent')).toBe('rent')
    expect(categoryByName(book, 'Nowhere')).toBeNull()
  })

  it('a file row filed on a group keeps the group', () => {
    const choice = chooseCategory({ amount: asCents(-120_000), category: 'Housing', splits: [] }, book, null, undefined)
    expect(choice).toMatchObject({ categoryId: 'housing', source: 'file' })
  })
})
