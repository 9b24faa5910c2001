// Rule use cases: list, add, edit, delete and reorder a household's rules, and run them over
// stored transactions (category changes go through the ledger, all in one transaction). Rules
// are the household's, but a member's run touches only the rows they see and may change, and a
// rule names only accounts whose transactions its author sees (ADR 0023).
import type { z } from 'zod'
import type { applyRulesBody, createRuleBody, RuleDto, RulesDryRun, updateRuleBody } from '#src/contract/rules'
import { DRY_RUN_DAYS } from '#src/domain/automation/schedule'
import { addDays, localDate } from '#src/domain/dates'
import { asCents } from '#src/domain/money'
import { compileRules, notesWith, type Rule, type RuleActions, type RuleCondition, type RuleOutcome } from '#src/domain/rules'
import type { Db, DbOrTx } from '#src/server/db/connect'
import { AppError, badRequest, notFound } from '#src/server/http/errors'
import { fullAccount, memberScope } from '#src/server/core/scope'
import type { SessionUser } from '#src/server/core/sessions'
import { loadForWrite, updateStoredTransactions, type BulkPatch } from '#src/server/core/ledger'
import { checkCategories } from '../transactions/service'
import {
  deleteRuleRow,
  findRule,
  householdCategoryIds,
  householdCategoryNames,
  insertRule,
  listRuleRows,
  nextPosition,
  ruleTargets,
  setPositions,
  updateRuleRow,
  type RuleRow,
  type RuleTarget,
} from './repo'
import { re2Compiler, re2Problem } from './regex'

export function toRuleDto(row: RuleRow): RuleDto {
  return {
    id: row.id,
    name: row.name,
    position: row.position,
    isActive: row.isActive,
    match: row.match === 'any' ? 'any' : 'all',
    conditions: row.conditions,
    actions: row.actions,
    createdAt: row.createdAt.toISOString(),
  }
}

export function toDomainRule(row: RuleRow): Rule {
  return {
    id: row.id,
    position: row.position,
    isActive: row.isActive,
    match: row.match === 'any' ? 'any' : 'all',
    conditions: row.conditions,
    actions: row.actions,
  }
}

/** The household's rules as the domain runs them (inactive ones included; it skips them). */
export async function loadRules(db: DbOrTx, householdId: string): Promise<Rule[]> {
  return (await listRuleRows(db, householdId)).map(toDomainRule)
}

/**
 * The contract checks a pattern's syntax and size (shared with the web form); here RE2, the
 * engine that will run it, must accept it too: 400 naming the condition otherwise.
 */
function checkPatterns(conditions: RuleCondition[] | undefined): void {
  const issues = (conditions ?? []).flatMap((c, i) => {
    const problem = c.operator === 'regex' ? re2Problem(c.value) : null
    return problem ? [{ path: `body.conditions.${i}.value`, message: problem }] : []
  })
  const first = issues[0]
  if (first) throw new AppError(400, 'VALIDATION_ERROR', `Invalid ${first.path}: ${first.message}`, { issues })
}

/**
 * A rule may only point at the household's own categories, and at accounts whose transactions
 * the member sees (another's private account answers 404, as one that does not exist).
 */
async function checkReferences(db: DbOrTx, user: SessionUser, conditions: RuleCondition[] | undefined, actions: RuleActions | undefined) {
  checkPatterns(conditions)
  if (actions?.setCategoryId) await checkCategories(db, user.householdId, [actions.setCategoryId])
  const accountIds = (conditions ?? []).filter((c) => c.field === 'account').map((c) => c.value)
  if (accountIds.length) {
    const scope = await memberScope(db, user)
    for (const id of accountIds) fullAccount(scope, id)
  }
}

export async function list(db: Db, user: SessionUser): Promise<RuleDto[]> {
  return (await listRuleRows(db, user.householdId)).map(toRuleDto)
}

export async function create(db: Db, user: SessionUser, body: z.output<typeof createRuleBody>, now: Date): Promise<RuleDto> {
  return db.transaction(async (tx) => {
    await checkReferences(tx, user, body.conditions, body.actions)
    const row = await insertRule(tx, {
      householdId: user.householdId,
      name: body.name,
      position: await nextPosition(tx, user.householdId),
      isActive: body.isActive,
      match: body.match,
      conditions: body.conditions,
      actions: body.actions,
      createdAt: now,
      updatedAt: now,
    })
    return toRuleDto(row)
  })
}

export async function update(db: Db, user: SessionUser, id: string, body: z.output<typeof updateRuleBody>, now: Date): Promise<RuleDto> {
  return db.transaction(async (tx) => {
    if (!(await findRule(tx, user.householdId, id))) throw notFound('Rule')
    await checkReferences(tx, user, body.conditions, body.actions)
    const row = await updateRuleRow(tx, user.householdId, id, {
      ...(body.name !== undefined ? { name: body.name } : {}),
      ...(body.isActive !== undefined ? { isActive: body.isActive } : {}),
      ...(body.match !== undefined ? { match: body.match } : {}),
      ...(body.conditions !== undefined ? { conditions: body.conditions } : {}),
      ...(body.actions !== undefined ? { actions: body.actions } : {}),
      updatedAt: now,
    })
    if (!row) throw notFound('Rule')
    return toRuleDto(row)
  })
}

export async function remove(db: Db, user: SessionUser, id: string): Promise<void> {
  if (!(await deleteRuleRow(db, user.householdId, id))) throw notFound('Rule')
}

export async function reorder(db: Db, user: SessionUser, ids: string[], now: Date): Promise<RuleDto[]> {
  return db.transaction(async (tx) => {
    const current = await listRuleRows(tx, user.householdId)
    const wanted = new Set(ids)
    if (wanted.size !== ids.length || ids.length !== current.length || current.some((r) => !wanted.has(r.id))) {
      throw badRequest('Send every rule id exactly once, in the new order', 'INVALID_ORDER')
    }
    await setPositions(tx, user.householdId, ids, now)
    return (await listRuleRows(tx, user.householdId)).map(toRuleDto)
  })
}

/** What a rule outcome changes on a stored row (empty when nothing). */
function patchFor(row: RuleTarget, outcome: RuleOutcome, categories: Set<string>): BulkPatch {
  const patch: BulkPatch = {}
  // a rule may still name a category that has since been deleted: it then sets none
  const categoryId = outcome.categoryId === undefined ? undefined : outcome.categoryId !== null && !categories.has(outcome.categoryId) ? undefined : outcome.categoryId
  if (categoryId !== undefined && categoryId !== row.categoryId) patch.categoryId = categoryId
  if (outcome.payee !== undefined && outcome.payee !== row.merchant) patch.merchant = outcome.payee
  const notes = notesWith(row.notes, outcome.note)
  if (notes !== row.notes) patch.notes = notes
  return patch
}

export async function applyToExisting(
  db: Db,
  user: SessionUser,
  body: z.output<typeof applyRulesBody>,
  now: Date,
): Promise<{ changed: number; examined: number }> {
  return db.transaction(async (tx) => {
    let rules = await loadRules(tx, user.householdId)
    if (body.ruleIds) {
      const wanted = new Set(body.ruleIds)
      rules = rules.filter((r) => wanted.has(r.id))
      if (rules.length !== wanted.size) throw notFound('Rule')
    }
    const run = compileRules(rules, re2Compiler)
    const scope = await memberScope(tx, user)
    const categories = await householdCategoryIds(tx, user.householdId)
    // only rows the member sees: the route lets only adults and the owner run rules, and they may
    // change every row they see
    const targets = await ruleTargets(tx, user.householdId, body.onlyUncategorized, scope.noTransactions)
    const patches = new Map<string, BulkPatch>()
    for (const row of targets) {
      const subject = { payee: row.merchant, description: row.description, amount: asCents(row.amount), accountId: row.accountId }
      // a rule's payee condition sees the payee as shown and as the bank wrote it
      const outcome =
        run(subject) ?? (row.importedPayee !== null && row.importedPayee !== row.merchant ? run({ ...subject, payee: row.importedPayee }) : null)
      if (!outcome) continue
      const patch = patchFor(row, outcome, categories)
      if (Object.keys(patch).length > 0) patches.set(row.id, patch)
    }
    const stored = await loadForWrite(tx, user.householdId, [...patches.keys()])
    await updateStoredTransactions(
      tx,
      user.householdId,
      stored.map((before) => ({ before, patch: patches.get(before.id) ?? {} })),
      now,
    )
    return { changed: stored.length, examined: targets.length }
  })
}

/** Examples of one rule's changes a dry run shows. */
const DRY_RUN_EXAMPLES = 3

/**
 * What each rule would change over the last 90 days (the Automation Center's dry run): every
 * ordinary row the member sees, tried against the active rules in order as an import would (the
 * first matching rule takes it, its payee as shown or as the bank wrote it), counting the rows a
 * rule would actually change and keeping the newest few as examples. Nothing is written.
 */
export async function dryRun(db: Db, user: SessionUser, now: Date): Promise<RulesDryRun> {
  const to = localDate(now, user.timeZone)
  const from = addDays(to, -DRY_RUN_DAYS)
  const [rows, scope, names] = await Promise.all([listRuleRows(db, user.householdId), memberScope(db, user), householdCategoryNames(db, user.householdId)])
  const run = compileRules(rows.map(toDomainRule), re2Compiler)
  const targets = await ruleTargets(db, user.householdId, false, scope.noTransactions, { from, to })
  targets.sort((a, b) => (a.date < b.date ? 1 : a.date > b.date ? -1 : a.id < b.id ? 1 : -1))
  const categoryIds = new Set(names.keys())
  const found = new Map<string, { changes: number; examples: RulesDryRun['rules'][number]['examples'] }>()
  for (const row of targets) {
    const subject = { payee: row.merchant, description: row.description, amount: asCents(row.amount), accountId: row.accountId }
    const outcome =
      run(subject) ?? (row.importedPayee !== null && row.importedPayee !== row.merchant ? run({ ...subject, payee: row.importedPayee }) : null)
    if (!outcome) continue
    const patch = patchFor(row, outcome, categoryIds)
    if (Object.keys(patch).length === 0) continue
    const rule = found.get(outcome.ruleId) ?? { changes: 0, examples: [] }
    found.set(outcome.ruleId, rule)
    rule.changes += 1
    if (rule.examples.length >= DRY_RUN_EXAMPLES) continue
    const name = (id: string | null) => (id === null ? null : (names.get(id) ?? null))
    rule.examples.push({
      transactionId: row.id,
      date: row.date,
      payee: row.merchant || row.description,
      amount: asCents(row.amount),
      category: patch.categoryId !== undefined ? { from: name(row.categoryId), to: name(patch.categoryId) } : null,
      renamedTo: patch.merchant ?? null,
      note: patch.notes !== undefined ? (outcome.note ?? null) : null,
    })
  }
  return {
    from,
    to,
    examined: targets.length,
    rules: rows.map((r) => ({ ruleId: r.id, name: r.name, isActive: r.isActive, ...(found.get(r.id) ?? { changes: 0, examples: [] }) })),
  }
}

// For other modules: they reach this module's data here, never through repo.ts.
export { insertRule as insertRuleRow } from './repo'
