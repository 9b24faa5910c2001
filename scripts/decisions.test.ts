// Every ADR in docs/decisions says where it stands and when it was made, and one that a later ADR
// replaces (in whole or in part) links forward to it, so a reader never acts on a stale decision.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

const dir = path.resolve(import.meta.dirname, '..', 'docs', 'decisions')
const adrs = readdirSync(dir)
  .filter((file) => /^\d{4}-.+\.md$/.test(file))
  .sort()
  .map((file) => ({ file, number: Number(file.slice(0, 4)), text: readFileSync(path.join(dir, file), 'utf8') }))

const field = (text: string, name: string) => new RegExp(`^- ${name}: (.+)$`, 'm').exec(text)?.[1]

describe('the ADRs', () => {
  it('are numbered once each, the title carrying the number', () => {
    const numbers = adrs.map((a) => a.number)
    expect(new Set(numbers).size).toBe(numbers.length)
    for (const adr of adrs) expect(adr.text.startsWith(`# ${adr.file.slice(0, 4)} `), adr.file).toBe(true)
  })

  it.each(adrs)('$file has a status and a date', ({ text }) => {
    expect(field(text, 'Status')).toMatch(/^(Proposed|Accepted|Superseded|Deprecated)\b/)
    const date = field(text, 'Date') ?? ''
    expect(date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(Number.isNaN(Date.parse(date))).toBe(false)
  })

  it.each(adrs)('$file links forward to the ADRs that supersede or amend it', ({ text, number }) => {
    const status = field(text, 'Status') ?? ''
    const links = [...status.matchAll(/\[(\d{4})\]\(([^)]+)\)/g)]
    if (/supersede|amend/i.test(status)) expect(links.length).toBeGreaterThan(0)
    for (const [, linked = '', target = ''] of links) {
      expect(Number(linked)).toBeGreaterThan(number)
      expect(target.startsWith(linked)).toBe(true)
      expect(existsSync(path.join(dir, target)), target).toBe(true)
    }
  })

  it('0002 (PGLiteSocketServer) points to 0016 (our own socket server)', () => {
    const adr = adrs.find((a) => a.number === 2)
    expect(field(adr?.text ?? '', 'Status')).toMatch(/superseded in part by \[0016\]\(0016-embedded-database-tuning\.md\)/)
  })

  it('say why the statement parsers are our own (0032)', () => {
    expect(adrs.find((a) => a.number === 32)?.text).toMatch(/statement parsers are our own/)
  })
})
