// Every package the lockfile installs accepts the oldest Node.js the README and package.json
// promise (engines.node). A package that wants a newer Node pins the one before it, or the floor
// moves, in the README and package.json together.
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const root = path.resolve(import.meta.dirname, '..')
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { engines: { node: string } }
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, { version?: string; engines?: { node?: string } | string[] }>
}

type Version = [number, number, number]

function parse(text: string): { version: Version; given: number } {
  const parts = text.replace(/^v/, '').split('.').filter((p) => p !== '' && p !== 'x' && p !== '*')
  const [a = 0, b = 0, c = 0] = parts.map(Number)
  return { version: [a, b, c], given: parts.length }
}

function compare(a: Version, b: Version): number {
  for (let i = 0; i < 3; i++) if ((a[i] ?? 0) !== (b[i] ?? 0)) return (a[i] ?? 0) - (b[i] ?? 0)
  return 0
}

/** One comparator of a range (>=20.19.0, ^20.9.0, ~18.1, 20, 20.x, *), as npm reads it. */
function meets(v: Version, comparator: string): boolean {
  const m = /^(>=|<=|>|<|=|\^|~)?\s*(.*)$/.exec(comparator)
  const op = m?.[1] ?? ''
  const { version, given } = parse(m?.[2] ?? '')
  if (given === 0) return true
  const c = compare(v, version)
  if (op === '>=') return c >= 0
  if (op === '>') return c > 0
  if (op === '<=') return c <= 0
  if (op === '<') return c < 0
  const upper: Version =
    op === '^' ? (version[0] > 0 ? [version[0] + 1, 0, 0] : [0, version[1] + 1, 0])
    : op === '~' || given === 2 ? [version[0], version[1] + 1, 0]
    : given === 1 ? [version[0] + 1, 0, 0]
    : version
  return op === '' && given === 3 ? c === 0 : c >= 0 && compare(v, upper) < 0
}

/** Whether `node` satisfies an engines range: `a b || c` (space-separated comparators all hold). */
function satisfies(node: string, range: string): boolean {
  const v = parse(node).version
  return range.split('||').some((alternative) =>
    alternative
      .trim()
      .replace(/(>=|<=|>|<|=|\^|~)\s+/g, '$1')
      .split(/\s+/)
      .filter((c) => c !== '')
      .every((c) => meets(v, c)),
  )
}

describe('engines', () => {
  const floor = /^>=\s*(\d+\.\d+\.\d+)$/.exec(pkg.engines.node)?.[1] ?? ''

  it('reads ranges as npm does', () => {
    expect(satisfies('20.19.0', '>=22')).toBe(false)
    expect(satisfies('20.19.0', '>=18')).toBe(true)
    expect(satisfies('20.19.0', '^20.19.0 || >=22.12.0')).toBe(true)
    expect(satisfies('20.18.9', '^20.19.0 || >=22.12.0')).toBe(false)
    expect(satisfies('20.19.0', '18 || 20 || >=22')).toBe(true)
    expect(satisfies('21.0.0', '18 || 20 || >=22')).toBe(false)
    expect(satisfies('20.19.0', '^18.18.0 || ^20.9.0 || >=21.1.0')).toBe(true)
    expect(satisfies('20.19.0', '>= 14.17.0 < 21')).toBe(true)
    expect(satisfies('20.19.0', '~20.18')).toBe(false)
    expect(satisfies('20.19.0', '20.x')).toBe(true)
    expect(satisfies('20.19.0', '*')).toBe(true)
  })

  it('the README states the floor package.json declares', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8')
    expect(floor).not.toBe('')
    expect(readme).toContain(`Requires Node.js ${floor.replace(/\.0$/, '')} or newer.`)
  })

  it('every locked package accepts that Node.js', () => {
    const refused = Object.entries(lock.packages)
      .filter(([where]) => where !== '')
      .flatMap(([where, info]) => {
        const range = Array.isArray(info.engines) ? undefined : info.engines?.node
        return range !== undefined && !satisfies(floor, range) ? [`${where.replace(/^node_modules\//, '')}@${info.version ?? '?'} wants node ${range}`] : []
      })
    expect(refused).toEqual([])
  })
})
