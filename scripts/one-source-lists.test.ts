// Each list of allowed values (account types, transaction sources, plans, roles, reminder
// priorities…) is written once, in src/domain; the zod contracts and the database schema's
// check constraints import it. This test reads the sources: a list of string literals written out
// in src/contract or in the schema's area files in src/server/db/schema/ (an array, or a check's
// `in ('…')`) that holds the same values as another list written out anywhere in domain, contract
// or schema is a second copy, and fails here. (Order is ignored: a copy in another order is still
// a copy.)
import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')

function sources(dir: string): string[] {
  return readdirSync(path.join(root, dir), { recursive: true, encoding: 'utf8' })
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file))
    .map((file) => path.join(dir, file))
}

type List = { where: string; values: string[] }

const ARRAY = /\[\s*('[^'\n]*'(?:\s*,\s*'[^'\n]*')+)\s*,?\s*\]/g
// in the contracts, a list of allowed values is a z.enum's or a named constant's (not, say, the
// states an endpoint stays open in)
const CONTRACT_LIST = /(?:z\.enum\(|\b[A-Z][A-Z0-9_]*(?::[^=]*)?\s*=\s*)\[\s*('[^'\n]*'(?:\s*,\s*'[^'\n]*')+)\s*,?\s*\]/g
const SQL_IN = /\bin \(('[^'\n]*'(?:\s*,\s*'[^'\n]*')*)\)/g

function listsIn(file: string): List[] {
  const text = readFileSync(path.join(root, file), 'utf8')
  const lists: List[] = []
  const patterns = file.startsWith(path.join('src', 'contract')) ? [CONTRACT_LIST] : [ARRAY, SQL_IN]
  for (const pattern of patterns) {
    for (const match of text.matchAll(pattern)) {
      const values = [...(match[1] ?? '').matchAll(/'([^'\n]*)'/g)].map((m) => m[1] ?? '')
      const line = text.slice(0, match.index).split('\n').length
      lists.push({ where: `${file}:${line}`, values })
    }
  }
  return lists
}

const key = (values: string[]) => JSON.stringify([...new Set(values)].sort())

describe('lists of allowed values', () => {
  const checked = [...sources('src/contract'), ...sources('src/server/db/schema')]
  const everywhere = [...sources('src/domain'), ...checked]
  const all = everywhere.flatMap(listsIn)

  it('finds the lists it is meant to find', () => {
    // the scanner still reads a written-out list: the domain's account types are one
    expect(all.some((l) => l.where.startsWith(path.join('src', 'domain')) && l.values.includes('credit_card'))).toBe(true)
  })

  it('has no second copy in the contracts or the schema', () => {
    const copies: string[] = []
    for (const list of all) {
      if (!checked.some((file) => list.where.startsWith(`${file}:`))) continue
      const same = all.filter((other) => other !== list && key(other.values) === key(list.values))
      if (same.length > 0) copies.push(`${list.where} [${list.values.join(', ')}] also at ${same.map((s) => s.where).join(', ')}`)
    }
    expect(copies).toEqual([])
  })
})
