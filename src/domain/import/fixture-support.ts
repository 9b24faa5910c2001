// What the statement-fixture tests share: where the real bank files are, and how one is read.
import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { describe, expect } from 'vitest'
import { parseDecimalToCents, type Cents } from '../money'
import { parseStatement } from './parse'
import type { ParseResult, ParsedAccount, ParsedTransaction, StatementFormat } from './types'

export const FIXTURES = path.resolve(import.meta.dirname, '../../../../shared/fixtures/statements')
export const present = existsSync(FIXTURES)

/** A describe block that is skipped, saying why, when the fixtures folder is not there. */
export function fixtureSuite(name: string, body: () => void): void {
  if (present) describe(name, body)
  else describe.skip(`${name} (skipped: the statement fixtures are not present at ${FIXTURES})`, body)
}

export function load(name: string): Uint8Array {
  return new Uint8Array(readFileSync(path.join(FIXTURES, name)))
}

export function parse(name: string): ParseResult {
  return parseStatement(load(name))
}

export function cents(text: string): Cents {
  const value = parseDecimalToCents(text)
  if (value === null) throw new Error(`bad amount in test: ${text}`)
  return value
}

export function only(result: ParseResult): ParsedAccount {
  expect(result.accounts).toHaveLength(1)
  const account = result.accounts[0]
  if (!account) throw new Error('no account')
  return account
}

export function tx(account: ParsedAccount, index: number): ParsedTransaction {
  const t = account.transactions[index]
  if (!t) throw new Error(`no transaction ${String(index)}`)
  return t
}

export function sum(account: ParsedAccount): number {
  return account.transactions.reduce((s, t) => s + t.amount, 0)
}

export const allFiles = present
  ? ['ofx', 'qfx', 'qif', 'csv', 'camt'].flatMap((dir) => readdirSync(path.join(FIXTURES, dir)).map((f) => `${dir}/${f}`))
  : []

export type Expected = Record<string, { source_stated?: Record<string, unknown>; verified_from_file?: Record<string, unknown> }>

export const expected: Expected = present ? (JSON.parse(readFileSync(path.join(FIXTURES, 'EXPECTED.json'), 'utf8')) as Expected) : {}

export const FORMAT_BY_DIR: Record<string, StatementFormat[]> = {
  ofx: ['ofx', 'qfx'],
  qfx: ['qfx', 'ofx'],
  qif: ['qif'],
  csv: ['csv'],
  camt: ['camt'],
}
