// Statement imports: one pipeline serves the HTTP upload, its preview and the CLI. The file is
// parsed outside any transaction (parse-file.ts); then, in ONE database transaction under a
// per-household lock, the plan is made from one read of the stored rows (plan.ts) and written
// (write.ts), so a crash or kill leaves all of it or none of it. A preview makes the same plan
// and writes nothing. A member imports only into accounts they may write to. Past imports and
// undo live in history.ts, the saved CSV mappings in presets.ts.
import { createHash } from 'node:crypto'
import type { ImportResult } from '../../../contract/imports'
import type { Db } from '../../db/connect'
import { badRequest } from '../../http/errors'
import { formatDay, localDate } from '../../../domain/dates'
import type { SessionUser } from '../auth/sessions'
import { memberScope, writableAccount } from '../accounts/scope'
import { BANK_FORMATS, notAStatement, parseFile, type ImportInput } from './parse-file'
import { makePlan, summary } from './plan'
import { findBatchByHash, lockHouseholdImports } from './repo'
import { writePlan, type ImportProgress } from './write'

/** Parses a statement and previews it (writes nothing) or imports it in one transaction. */
export async function importStatement(
  db: Db,
  user: SessionUser,
  input: ImportInput,
  now: Date,
  onProgress?: ImportProgress,
): Promise<ImportResult> {
  // the chosen account first: its saved CSV mapping is read while parsing
  if (input.accountId !== undefined) writableAccount(await memberScope(db, user), input.accountId)
  const parsed = await parseFile(db, user, input)
  const { format } = parsed
  const rowTotal = parsed.result.accounts.reduce((n, a) => n + a.transactions.length + (a.activities?.length ?? 0), 0)
  onProgress?.('parsed', rowTotal)
  const fileHash = createHash('sha256').update(input.bytes).digest('hex')

  if (input.preview) {
    const scope = await memberScope(db, user)
    const plan = await makePlan(db, user, scope, input, parsed)
    const earlier = await findBatchByHash(db, user.householdId, fileHash, scope.noTransactions)
    if (earlier) {
      plan.warnings.unshift({ line: 0, message: `This very file was imported on ${formatDay(localDate(earlier.createdAt, user.timeZone), user.locale)}.` })
    }
    return summary(plan, null, true)
  }

  if (parsed.csvProblem) throw notAStatement(parsed.csvProblem, format)
  if (rowTotal === 0) {
    const first = parsed.result.errors[0]
    if (first) throw badRequest(`No row of the file could be read. ${first.message}`, 'PARSE_ERRORS', { format })
    // a bank statement of accounts without activity still brings its accounts in
    if (!BANK_FORMATS.includes(format) || parsed.result.accounts.length === 0) {
      const why = parsed.result.warnings[0]
      throw badRequest(`There is nothing to import: the file has no transactions in it.${why ? ` ${why.message}` : ''}`, 'NO_TRANSACTIONS', { format })
    }
  }
  const result = await db.transaction(async (tx) => {
    await lockHouseholdImports(tx, user.householdId)
    const plan = await makePlan(tx, user, await memberScope(tx, user), input, parsed)
    const batchId = await writePlan(tx, user, input, plan, fileHash, now, onProgress)
    return summary(plan, batchId, false)
  })
  onProgress?.('written', result.added)
  return result
}
