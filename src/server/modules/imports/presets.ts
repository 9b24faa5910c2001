// Saved CSV column mappings: one per account (remembered when a file is imported with a mapping
// the user set up) and the household's default, listed and saved by members who may import.
import type { z } from 'zod'
import { csvMapping as csvMappingSchema, type importPreset, type importPresetBody } from '#src/contract/imports'
import type { CsvMapping } from '#src/domain/import/types'
import type { Db, DbOrTx } from '#src/server/db/connect'
import type { SessionUser } from '#src/server/core/sessions'
import { memberScope, writableAccount } from '#src/server/core/scope'
import { findPreset, listPresets, upsertPreset, type PresetRow } from './repo'

/** The mapping saved for the account, else the household's default, else null. */
export async function savedMapping(db: DbOrTx, householdId: string, accountId: string | undefined): Promise<CsvMapping | null> {
  const preset = (accountId ? await findPreset(db, householdId, accountId) : undefined) ?? (await findPreset(db, householdId, null))
  const parsed = csvMappingSchema.safeParse(preset?.mapping)
  return parsed.success ? parsed.data : null
}

type PresetDto = z.output<typeof importPreset>

function toPresetDto(row: PresetRow): PresetDto | null {
  const mapping = csvMappingSchema.safeParse(row.mapping)
  if (!mapping.success) return null
  return { id: row.id, accountId: row.accountId, name: row.name, mapping: mapping.data, updatedAt: row.updatedAt.toISOString() }
}

/** The household's default mapping and those of accounts the member may import into. */
export async function presets(db: Db, user: SessionUser): Promise<PresetDto[]> {
  const [rows, scope] = await Promise.all([listPresets(db, user.householdId), memberScope(db, user)])
  return rows.flatMap((row) => (row.accountId === null || scope.accounts.get(row.accountId)?.view === 'full' ? (toPresetDto(row) ?? []) : []))
}

export async function savePreset(db: Db, user: SessionUser, body: z.output<typeof importPresetBody>, now: Date): Promise<PresetDto> {
  return db.transaction(async (tx) => {
    if (body.accountId !== null) writableAccount(await memberScope(tx, user), body.accountId)
    const row = await upsertPreset(tx, { householdId: user.householdId, accountId: body.accountId, name: body.name, mapping: { ...body.mapping } }, now)
    const dto = toPresetDto(row)
    if (!dto) throw new Error('a saved preset does not read back')
    return dto
  })
}

