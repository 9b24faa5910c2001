// The households the fuzz runs against: household A (an owner, who makes most requests, with an
// adult, a teen and a viewer) and household B (its owner makes the rest, with A's ids among
// theirs), both seeded through the API with accounts, transactions, categories, budgets, goals,
// bills, rules, reminders, credit scores, an import and an invite. Also: the pools references
// are resolved from, a log of the rows each request wrote (to see that a refused request wrote
// nothing), and the repair of a member whose session the fuzz ended or whose role it changed.
import { randomUUID } from 'node:crypto'
import type { FastifyInstance, LightMyRequestResponse } from 'fastify'
import { eq, inArray, sql } from 'drizzle-orm'
import type { Clock } from '../clock'
import type { Db } from '../db/connect'
import { householdInvites, householdMembers, households, users } from '../db/schema'
import { SESSION_COOKIE, createSession, publicSessionId } from '../core/sessions'
import { addMembership, countMembers, deleteHousehold, membershipOf, removeMembership, setRole } from '../modules/household/membership'
import { setPlanByEmail } from '../modules/subscription/plan'

export const FUZZ_PASSWORD = 'Fuzzing kinwise households 2026!'

export type Member = {
  label: 'A' | 'B'
  userId: string
  email: string
  householdId: string
  cookie: string
  /** the hash of FUZZ_PASSWORD as registered: put back when the fuzz changed the password */
  passwordHash: string | null
}

export type Pools = {
  /** table → household → ids (newest first) */
  ids: Map<string, Map<string, string[]>>
  emails: Map<string, string[]>
  tokens: Map<string, string[]>
  cursors: string[]
}

export type World = {
  app: FastifyInstance
  db: Db
  clock: Clock
  A: Member
  B: Member
  pools: Pools
  /** tables whose rows belong to a household (household_id): every write to them is noted */
  householdTables: string[]
  /** tables with a uuid id and a household_id: where ids come from */
  idTables: string[]
  /** of those, the ones with a created_at (their ids are listed oldest first) */
  datedTables: Set<string>
}

let counter = 0

function cookieOf(res: LightMyRequestResponse): string | null {
  const raw = res.headers['set-cookie']
  const all = Array.isArray(raw) ? raw : raw ? [raw] : []
  for (const c of all) {
    const first = c.split(';')[0] ?? ''
    if (first.startsWith(`${SESSION_COOKIE}=`) && first.length > SESSION_COOKIE.length + 1) return first
  }
  return null
}

async function register(app: FastifyInstance, firstName: string): Promise<{ cookie: string; id: string; email: string }> {
  counter += 1
  const email = `fuzz${counter}-${randomUUID().slice(0, 8)}@example.com`
  const res = await app.inject({
    method: 'POST',
    url: '/api/auth/register',
    payload: { firstName, lastName: 'Fuzz', email, password: FUZZ_PASSWORD, acceptTerms: true },
    remoteAddress: `10.66.${Math.floor(counter / 250)}.${(counter % 250) + 1}`,
  })
  if (res.statusCode !== 201) throw new Error(`register failed: ${res.statusCode} ${res.body}`)
  const cookie = cookieOf(res)
  if (!cookie) throw new Error('register set no session cookie')
  const body = res.json() as { id: string }
  await app.inject({ method: 'POST', url: '/api/user/onboarding-complete', headers: { cookie } })
  return { cookie, id: body.id, email }
}

async function householdOf(db: Db, userId: string): Promise<string> {
  const m = await membershipOf(db, userId)
  if (!m) throw new Error(`user ${userId} has no household`)
  return m.householdId
}

/** A request as `member`, expecting 2xx; returns the JSON answer (or null). */
export async function as(world: World, member: Member, method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', url: string, body?: unknown): Promise<unknown> {
  const res = await world.app.inject({
    method,
    url,
    headers: { cookie: member.cookie },
    ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
  })
  if (res.statusCode >= 300) return null
  return res.body ? (res.json() as unknown) : null
}

const idOf = (v: unknown): string | null =>
  v && typeof v === 'object' && 'id' in v && typeof (v as { id: unknown }).id === 'string' ? (v as { id: string }).id : null

/**
 * Makes sure the household has a little of everything (some of it deleted by the fuzz meanwhile):
 * accounts, transactions in them, a transfer, categories, a budget, a goal with a contribution, a
 * bill, a rule, a reminder, a credit score, an imported statement and an invite.
 */
export async function stock(world: World, m: Member): Promise<void> {
  const count = (table: string) => world.pools.ids.get(table)?.get(m.householdId)?.length ?? 0
  const accounts = (world.pools.ids.get('accounts')?.get(m.householdId) ?? []).slice()
  if (accounts.length < 3) {
    for (const [name, extra] of [
      ['Checking', { type: 'checking', openingBalance: 2500 }],
      ['Card', { type: 'credit_card', openingBalance: -120.5 }],
      ['Savings', { type: 'savings', visibility: 'private', openingBalance: 9000 }],
      ['Wallet', { type: 'cash', sharedWithTeens: true, openingBalance: 40 }],
    ] as const) {
      const id = idOf(await as(world, m, 'POST', '/api/accounts', { name, ...extra }))
      if (id) accounts.push(id)
    }
  }
  const categories = (await as(world, m, 'GET', '/api/categories')) as { id: string }[] | null
  const cats = (categories ?? []).map((c) => c.id)
  if (count('categories') < 25) {
    const parent = idOf(await as(world, m, 'POST', '/api/categories', { name: `Fuzz ${randomUUID().slice(0, 6)}` }))
    if (parent) await as(world, m, 'POST', '/api/categories', { name: `Child ${randomUUID().slice(0, 6)}`, parentId: parent })
  }
  const [a0, a1] = accounts
  if (a0 && count('transactions') < 12) {
    const payees = ['Corner Shop', 'Rent', 'Salary', 'Coffee', 'Netflix', 'Gas station']
    for (let i = 0; i < 6; i += 1) {
      await as(world, m, 'POST', '/api/transactions', {
        accountId: accounts[i % accounts.length],
        date: `2026-0${1 + (i % 3)}-1${i}`,
        amount: i === 2 ? 3200 : -(12.34 * (i + 1)),
        merchant: payees[i],
        categoryId: cats[i % Math.max(1, cats.length)] ?? null,
      })
    }
    if (a1) await as(world, m, 'POST', '/api/transfers', { fromAccountId: a0, toAccountId: a1, amount: 50, date: '2026-03-03' })
  }
  if (cats[0] && count('budgets') < 2) {
    await as(world, m, 'PUT', '/api/budgets', { categoryId: cats[0], month: '2026-03', amount: 300 })
    if (cats[1]) await as(world, m, 'PUT', '/api/budgets', { categoryId: cats[1], month: '2026-02', amount: 120 })
  }
  if (count('goals') < 2) {
    const goal = idOf(await as(world, m, 'POST', '/api/goals', { name: 'Holiday', targetAmount: 2000, monthlyContribution: 100, ...(a0 ? { accountId: a0 } : {}) }))
    if (goal) await as(world, m, 'POST', `/api/goals/${goal}/contributions`, { amount: 25 })
  }
  if (count('bills') < 2) await as(world, m, 'POST', '/api/bills', { name: 'Power', amount: 80, nextDueDate: '2026-03-20', ...(a0 ? { accountId: a0 } : {}) })
  if (count('rules') < 2 && cats[0]) {
    await as(world, m, 'POST', '/api/rules', {
      name: 'Coffee rule',
      conditions: [{ field: 'payee', operator: 'contains', value: 'coffee' }],
      actions: { setCategoryId: cats[0] },
    })
  }
  if (count('reminders') < 2) await as(world, m, 'POST', '/api/reminders', { title: 'Check the budget' })
  if (count('credit_scores') < 2) await as(world, m, 'POST', '/api/credit-score', { score: 700, provider: 'Fuzz', date: '2026-03-01' })
  if (a0 && count('import_batches') < 1) {
    const form = new FormData()
    form.append('accountId', a0)
    form.append('file', new Blob([new TextEncoder().encode('Date,Payee,Amount\n2026-03-02,Corner Shop,-4.20\n2026-03-04,Bakery,-3.10\n')]), 'statement.csv')
    await world.app.inject({ method: 'POST', url: '/api/imports', headers: { cookie: m.cookie }, payload: form })
  }
  if ((world.pools.tokens.get(m.householdId)?.length ?? 0) < 2) await as(world, m, 'POST', '/api/household/invites', { role: 'adult' })
  // investments: an investment account with cash, a buy, a dividend and a price
  if (count('investment_activities') < 2) {
    const brokerage = idOf(await as(world, m, 'POST', '/api/accounts', { name: 'Brokerage', type: 'investment' }))
    if (brokerage) {
      await as(world, m, 'POST', '/api/investments/activities', { accountId: brokerage, type: 'transfer_in', date: '2026-01-02', amount: 1000 })
      await as(world, m, 'POST', '/api/investments/activities', { accountId: brokerage, symbol: 'FUZZ', type: 'buy', date: '2026-01-05', quantity: 3, price: 100, fees: 1 })
      await as(world, m, 'POST', '/api/investments/activities', { accountId: brokerage, symbol: 'FUZZ', type: 'dividend', date: '2026-02-01', amount: 2.5 })
      await as(world, m, 'PUT', '/api/investments/prices', { symbol: 'FUZZ', date: '2026-03-01', price: 110 })
    }
  }
}

async function discoverTables(db: Db): Promise<{ householdTables: string[]; idTables: string[]; datedTables: Set<string> }> {
  const rows = await db.execute<{ table_name: string; has_id: boolean; has_created: boolean }>(sql`
    select c.table_name,
           exists (select 1 from information_schema.columns i
                   where i.table_schema = c.table_schema and i.table_name = c.table_name
                     and i.column_name = 'id' and i.data_type = 'uuid') as has_id,
           exists (select 1 from information_schema.columns i
                   where i.table_schema = c.table_schema and i.table_name = c.table_name
                     and i.column_name = 'created_at') as has_created
    from information_schema.columns c
    where c.table_schema = current_schema() and c.column_name = 'household_id'
    order by c.table_name`)
  // the audit log is written by refused requests on purpose (failed sign-ins, refusals)
  const householdTables = rows.rows.map((r) => r.table_name).filter((t) => t !== 'audit_log')
  const idTables = rows.rows.filter((r) => r.has_id && r.table_name !== 'audit_log').map((r) => r.table_name)
  const datedTables = new Set(rows.rows.filter((r) => r.has_created).map((r) => r.table_name))
  return { householdTables, idTables, datedTables }
}

/**
 * Refreshes the id, e-mail and invite pools from the database, each in the order its rows were
 * made, newest first (so that a seed replays the same choices, though the ids are new each run).
 */
export async function refreshPools(world: World): Promise<void> {
  const hh = [world.A.householdId, world.B.householdId]
  const ids = new Map<string, Map<string, string[]>>()
  const selects = world.idTables.map(
    (t) =>
      sql`(select ${t}::text as t, household_id::text as h, id::text as id from ${sql.identifier(t)} where household_id in (${hh[0]}, ${hh[1]}) order by ${world.datedTables.has(t) ? sql.raw('created_at desc, id') : sql.raw('id')} limit 400)`,
  )
  const result = await world.db.execute<{ t: string; h: string; id: string }>(sql.join(selects, sql` union all `))
  for (const row of result.rows) {
    const byHousehold = ids.get(row.t) ?? new Map<string, string[]>()
    ids.set(row.t, byHousehold)
    const list = byHousehold.get(row.h) ?? []
    byHousehold.set(row.h, list)
    list.push(row.id)
  }
  const members = await world.db
    .select({ id: users.id, email: users.email, householdId: householdMembers.householdId })
    .from(users)
    .innerJoin(householdMembers, eq(householdMembers.userId, users.id))
    .where(inArray(householdMembers.householdId, hh))
    .orderBy(users.createdAt, users.id)
  const usersBy = new Map<string, string[]>()
  const emails = new Map<string, string[]>()
  for (const m of members) {
    usersBy.set(m.householdId, [...(usersBy.get(m.householdId) ?? []), m.id])
    emails.set(m.householdId, [...(emails.get(m.householdId) ?? []), m.email])
  }
  ids.set('users', usersBy)
  // the members' sessions, by the id the API shows them with: DELETE /api/auth/sessions/:id
  const sessionRows = await world.db.execute<{ id: string; h: string }>(
    sql`select s.id, m.household_id::text as h from sessions s join household_members m on m.user_id = s.user_id
        where m.household_id in (${hh[0]}, ${hh[1]}) order by s.created_at desc, s.id limit 200`,
  )
  const sessionsBy = new Map<string, string[]>()
  for (const r of sessionRows.rows) sessionsBy.set(r.h, [...(sessionsBy.get(r.h) ?? []), publicSessionId(r.id)])
  ids.set('sessions', sessionsBy)
  const invites = await world.db
    .select({ token: householdInvites.token, householdId: householdInvites.householdId })
    .from(householdInvites)
    .where(inArray(householdInvites.householdId, hh))
    .orderBy(householdInvites.createdAt, householdInvites.token)
  const tokens = new Map<string, string[]>()
  for (const i of invites) tokens.set(i.householdId, [...(tokens.get(i.householdId) ?? []), i.token])
  world.pools.ids = ids
  world.pools.emails = emails
  world.pools.tokens = tokens
}

/**
 * Notes every row written in a household's tables (and the households and users tables) in
 * fuzz_changes, by triggers added to the fuzz's own database: a request that wrote nothing left
 * nothing there. Exact (a write rolled back leaves nothing either) and one query per request.
 * Not a migration: the table and triggers exist only in the database the fuzz runs on.
 */
export async function installChangeLog(db: Db, householdTables: string[]): Promise<void> {
  await db.execute(sql.raw('create table if not exists fuzz_changes (t text not null, k text)'))
  await db.execute(
    sql.raw(`create or replace function fuzz_note() returns trigger language plpgsql as $fuzz$
      begin
        if tg_op <> 'INSERT' then insert into fuzz_changes values (tg_table_name, to_jsonb(old) ->> tg_argv[0]); end if;
        if tg_op <> 'DELETE' then insert into fuzz_changes values (tg_table_name, to_jsonb(new) ->> tg_argv[0]); end if;
        return null;
      end $fuzz$`),
  )
  const watched: [string, string][] = [...householdTables.map((t): [string, string] => [t, 'household_id']), ['households', 'id'], ['users', 'id']]
  for (const [table, column] of watched) {
    await db.execute(sql.raw(`drop trigger if exists fuzz_note on "${table}"`))
    await db.execute(sql.raw(`create trigger fuzz_note after insert or update or delete on "${table}" for each row execute function fuzz_note('${column}')`))
  }
}

/** The tables written since the last call, by household (users' rows count for their household). */
export async function takeChanges(world: World): Promise<Map<string, Set<string>>> {
  const result = await world.db.execute<{ t: string; k: string | null }>(sql.raw('delete from fuzz_changes returning t, k'))
  const out = new Map<string, Set<string>>()
  const userHousehold = new Map<string, string>()
  for (const [household, ids] of world.pools.ids.get('users') ?? []) for (const id of ids) userHousehold.set(id, household)
  for (const m of [world.A, world.B]) userHousehold.set(m.userId, m.householdId)
  for (const { t, k } of result.rows) {
    const household = t === 'users' ? userHousehold.get(k ?? '') : k
    if (!household) continue
    const set = out.get(household) ?? new Set<string>()
    set.add(t)
    out.set(household, set)
  }
  return out
}

/**
 * Puts a fuzzing member back as they started: owner of their household, no deletion pending,
 * the household not requiring a second factor, the fuzz password, and a live session (a new
 * one when the fuzz signed them out, changed their password or revoked their session).
 */
export async function heal(world: World, m: Member): Promise<void> {
  const db = world.db
  const [row] = await db.select({ deleteAfter: users.deleteAfter, passwordHash: users.passwordHash }).from(users).where(eq(users.id, m.userId))
  if (row && (row.deleteAfter !== null || row.passwordHash !== m.passwordHash)) {
    await db.update(users).set({ deleteAfter: null, passwordHash: m.passwordHash }).where(eq(users.id, m.userId))
  }
  await db.update(households).set({ requireMfa: false }).where(sql`${households.id} = ${m.householdId} and ${households.requireMfa}`)
  const membership = await membershipOf(db, m.userId)
  if (!membership || membership.householdId !== m.householdId || membership.role !== 'owner') {
    await db.transaction(async (tx) => {
      if (membership && membership.householdId !== m.householdId) {
        if ((await countMembers(tx, membership.householdId)) <= 1) await deleteHousehold(tx, membership.householdId)
        else await removeMembership(tx, membership.householdId, m.userId)
      }
      const owners = await tx
        .select({ userId: householdMembers.userId })
        .from(householdMembers)
        .where(sql`${householdMembers.householdId} = ${m.householdId} and ${householdMembers.role} = 'owner'`)
      for (const o of owners) if (o.userId !== m.userId) await setRole(tx, m.householdId, o.userId, 'adult')
      if (membership && membership.householdId === m.householdId) await setRole(tx, m.householdId, m.userId, 'owner')
      else await addMembership(tx, m.householdId, m.userId, 'owner')
    })
  }
  const check = await world.app.inject({ method: 'GET', url: '/api/auth/user', headers: { cookie: m.cookie } })
  const alive = check.statusCode === 200 && (check.json() as { id?: string }).id === m.userId
  if (!alive) {
    const { token } = await createSession(db, m.userId, world.clock.now(), 30)
    m.cookie = `${SESSION_COOKIE}=${token}`
  }
}

/** Two households, seeded, on the premium plan (so no endpoint stops at the plan gate). */
export async function createWorld(app: FastifyInstance, db: Db, clock: Clock): Promise<World> {
  const tables = await discoverTables(db)
  const owner = async (label: 'A' | 'B'): Promise<Member> => {
    const r = await register(app, `Owner${label}`)
    const [row] = await db.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, r.id))
    return { label, userId: r.id, email: r.email, householdId: await householdOf(db, r.id), cookie: r.cookie, passwordHash: row?.passwordHash ?? null }
  }
  const A = await owner('A')
  const B = await owner('B')
  // A's adult, teen and viewer, moved into A's household as the test helper does
  for (const role of ['adult', 'teen', 'viewer'] as const) {
    const r = await register(app, `Member ${role}`)
    const own = await householdOf(db, r.id)
    await db.transaction(async (tx) => {
      await deleteHousehold(tx, own)
      await addMembership(tx, A.householdId, r.id, role)
    })
  }
  for (const m of [A, B]) await setPlanByEmail(db, m.email, 'premium', clock.now())
  const world: World = { app, db, clock, A, B, pools: { ids: new Map(), emails: new Map(), tokens: new Map(), cursors: [] }, ...tables }
  await installChangeLog(db, tables.householdTables)
  for (const m of [A, B]) {
    await refreshPools(world)
    await stock(world, m)
  }
  await refreshPools(world)
  return world
}
