// The registry of tables against the schema and the export document: a table added to the schema
// without a line in registry.ts fails here, and so does a registered section the document lacks.
// (The type checker already refuses a section, import step or passed-on table without its code.)
import { getTableColumns, getTableName, is } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import { describe, expect, it } from 'vitest'
import { exportDocument } from '#src/contract/data'
import * as schema from '#src/server/db/schema'
import { DATA_TABLES, EXPORT_SECTIONS, IMPORT_STEPS, PASSED_ON_TABLES, type TableTreatment } from './registry'

const schemaTables = Object.entries(schema).flatMap(([name, value]) => (is(value, PgTable) ? [{ name, sqlName: getTableName(value), table: value }] : []))
const registered: [string, TableTreatment][] = Object.entries(DATA_TABLES)
/** The document's keys that are no table's: what the file is, and when it was made. */
const ENVELOPE = ['format', 'version', 'exportedAt']

describe('the registry of tables (data-rights/registry.ts)', () => {
  it('has every table the schema exports', () => {
    expect(schemaTables.length).toBeGreaterThan(50)
    const missing = schemaTables.filter((t) => !(t.name in DATA_TABLES)).map((t) => `${t.name} (${t.sqlName})`)
    expect(missing, 'add these tables to DATA_TABLES in registry.ts: exported where, imported how, deleted when').toEqual([])
  })

  it('has no table the schema does not export', () => {
    const names = new Set(schemaTables.map((t) => t.name))
    expect(registered.map(([name]) => name).filter((name) => !names.has(name))).toEqual([])
  })

  it("names only sections of the export document, and every section of the document (contract/data.ts's exportDocument)", () => {
    const documentKeys = Object.keys(exportDocument.shape).filter((k) => !ENVELOPE.includes(k))
    const sections: readonly string[] = EXPORT_SECTIONS
    const notInDocument = registered.flatMap(([name, t]) => (typeof t.export === 'string' && !documentKeys.includes(t.export) ? [`${name} → ${t.export}`] : []))
    expect(notInDocument, 'add these sections to exportDocument in contract/data.ts').toEqual([])
    expect([...sections].sort()).toEqual([...documentKeys].sort())
    // written page by page after everything else
    expect(sections.at(-1)).toBe('transactions')
  })

  it('says why of every table it does not export or import, and imports only what is exported', () => {
    for (const [name, t] of registered) {
      if (typeof t.export !== 'string') expect(t.export.none.length, name).toBeGreaterThan(0)
      if (typeof t.import !== 'string') expect(t.import.none.length, name).toBeGreaterThan(0)
      if (typeof t.import === 'string') expect(typeof t.export, `${name} is imported but not exported`).toBe('string')
      if (typeof t.export !== 'string') expect(typeof t.import, `${name} is not exported, so not imported`).not.toBe('string')
    }
  })

  it('runs every import step for some table or for the accounts’ balances', () => {
    const used = new Set(registered.flatMap(([, t]) => (typeof t.import === 'string' ? [t.import] : [])))
    expect(IMPORT_STEPS.filter((step) => !used.has(step))).toEqual(['accountBalances'])
  })

  it('passes on to the owner only rows of a household made by a member', () => {
    expect(PASSED_ON_TABLES.length).toBeGreaterThan(0)
    for (const name of PASSED_ON_TABLES) {
      const found = schemaTables.find((t) => t.name === name)
      expect(found, name).toBeDefined()
      const columns = found ? Object.keys(getTableColumns(found.table)) : []
      expect(columns, name).toEqual(expect.arrayContaining(['householdId', 'userId']))
    }
  })
})
