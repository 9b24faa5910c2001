// Members and their accounts through the app: what each member sees, what moves with someone who leaves, is removed or joins, and who owns the household.
import { eq, sql } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import type { Category } from '#src/contract/categories'
import type { Household, Invite } from '#src/contract/household'
import { householdMembers, households } from '#src/server/db/schema'
import { householdOf } from '#src/server/test/fixtures'
import { signUp, type Client } from '#src/server/test/helper'
import { accountsOf, addTransaction, categoryNamed, categoryPaths, createAccount, householdOfClient, invite, join, me, MISSING, netWorthOf, ok, portable, refusal, t, transactionsOf, unchangedBy, setUpHouseholdTestApp } from './test-support'

setUpHouseholdTestApp()

describe('household', () => {
  it('lists each member’s accounts that the caller may see, never someone else’s private one', async () => {
    const owner = await signUp(t.app)
    const adult = await join(owner, 'adult')
    const teen = await join(owner, 'teen')
    const shared = await createAccount(owner, { name: 'Shared', visibility: 'shared' })
    const forTeens = await createAccount(owner, { name: 'Family cash', visibility: 'shared', sharedWithTeens: true })
    const balance = await createAccount(owner, { name: 'Brokerage', visibility: 'balance_only' })
    const secret = await createAccount(owner, { name: 'Secret', visibility: 'private' })
    const adultsOwn = await createAccount(adult, { name: 'Adult private', visibility: 'private' })
    const ownerAccounts = async (c: Client) =>
      (await householdOfClient(c)).members.find((m) => m.userId === owner.user.id)?.accounts.map((a) => a.id).sort()
    expect(await ownerAccounts(owner)).toEqual([shared.id, forTeens.id, balance.id, secret.id].sort())
    expect(await ownerAccounts(adult)).toEqual([shared.id, forTeens.id, balance.id].sort())
    expect(await ownerAccounts(teen)).toEqual([forTeens.id])
    const adultAccounts = async (c: Client) =>
      (await householdOfClient(c)).members.find((m) => m.userId === adult.user.id)?.accounts
    expect(await adultAccounts(adult)).toEqual([{ id: adultsOwn.id, name: 'Adult private', visibility: 'private' }])
    expect(await adultAccounts(owner)).toEqual([])
  })

  it('moves a leaver’s private accounts, with transactions, balances and categories, into a household of their own', async () => {
    const owner = await signUp(t.app, { firstName: 'Olivia' })
    const mira = await join(owner, 'adult', 'Mira')
    const oldHousehold = await householdOf(t.database.db, owner)
    const joint = await createAccount(owner, { name: 'Joint', visibility: 'shared', openingBalance: 3000 })
    const priv = await createAccount(mira, { name: 'Mira private', visibility: 'private', openingBalance: 1000 })
    const shared = await createAccount(mira, { name: 'Mira shared', visibility: 'shared', openingBalance: 500 })
    const balanceOnly = await createAccount(mira, { name: 'Mira pension', visibility: 'balance_only', openingBalance: 250 })
    const boardGames = await ok<Category>(
      mira.post('/api/categories', { name: 'Board games', parentId: await categoryNamed(mira, 'Entertainment') }),
      201,
    )
    await addTransaction(mira, { accountId: priv.id, date: '2026-02-10', amount: -45.67, merchant: 'Market', categoryId: await categoryNamed(mira, 'Groceries') })
    await addTransaction(mira, { accountId: priv.id, date: '2026-03-02', amount: 200, merchant: 'Employer', categoryId: await categoryNamed(mira, 'Salary') })
    await addTransaction(mira, {
      accountId: priv.id,
      date: '2026-03-05',
      amount: -100,
      merchant: 'Night out',
      splits: [
        { categoryId: await categoryNamed(mira, 'Dining Out'), amount: -60, memo: 'dinner' },
        { categoryId: boardGames.id, amount: -40, memo: 'game' },
      ],
    })
    await addTransaction(mira, { accountId: shared.id, date: '2026-03-03', amount: -12.5, merchant: 'Bakery', categoryId: await categoryNamed(mira, 'Groceries') })
    await ok(mira.post('/api/transfers', { fromAccountId: priv.id, toAccountId: shared.id, amount: 150, date: '2026-03-06' }), 201)
    const bill = await ok<{ id: string }>(mira.post('/api/bills', { name: 'Gym', amount: 30, nextDueDate: '2026-04-01', accountId: priv.id }), 201)
    const goal = await ok<{ id: string }>(mira.post('/api/goals', { name: 'Bike', targetAmount: 800, accountId: priv.id }), 201)
    await ok(mira.post('/api/credit-score', { score: 742, provider: 'Bureau', date: '2026-03-01' }), 201)
    await ok(mira.post('/api/reminders', { title: 'Call the bank' }), 201)

    const pathsBefore = await categoryPaths(mira)
    const movedBefore = (await transactionsOf(mira, `&accountId=${priv.id}`)).map((x) => portable(x, pathsBefore))
    expect(movedBefore).toHaveLength(5)

    await ok(mira.post('/api/household/leave'), 200)

    // Mira: her own free household, named after her, with her private account and everything in it
    const mine = await ok<Household>(mira.get('/api/household'))
    expect(mine).toMatchObject({ name: "Mira's household", plan: 'free', myRole: 'owner' })
    expect(mine.members.map((m) => [m.userId, m.role])).toEqual([[mira.user.id, 'owner']])
    expect(mine.id).not.toBe(oldHousehold)
    expect(await me(mira)).toMatchObject({ householdId: mine.id, role: 'owner', subscriptionTier: 'free' })
    const miraAccounts = await accountsOf(mira)
    expect(miraAccounts.map((a) => [a.id, a.name, a.visibility, a.ownerId, a.balance])).toEqual([
      [priv.id, 'Mira private', 'private', mira.user.id, 904.33],
    ])
    const pathsAfter = await categoryPaths(mira)
    expect(pathsAfter.size).toBeGreaterThan(20) // the default categories, plus Board games
    expect([...pathsAfter.values()]).toContain('Entertainment › Board games')
    const movedAfter = (await transactionsOf(mira)).map((x) => portable(x, pathsAfter))
    expect(movedAfter.sort((a, b) => a.id.localeCompare(b.id))).toEqual(movedBefore.sort((a, b) => a.id.localeCompare(b.id)))
    const leg = (await transactionsOf(mira)).find((x) => x.kind === 'transfer')
    expect(leg?.transferAccountId).toBeNull() // the other leg stayed behind
    expect(await netWorthOf(mira)).toMatchObject({ netWorth: 904.33, previousNetWorth: 954.33 })
    const summary = await ok<{ income: number; expenses: number; categorySpending: { categoryName: string; total: number }[] }>(
      mira.get('/api/analytics/monthly-summary?month=2026-03'),
    )
    expect(summary.income).toBe(200)
    expect(summary.expenses).toBe(100)
    // Board games rolls up to its group (ADR 0036)
    expect(summary.categorySpending.map((c) => [c.categoryName, c.total]).sort()).toEqual([
      ['Dining Out', 60],
      ['Entertainment', 40],
    ])
    expect(await ok<{ score: number }>(mira.get('/api/credit-score'))).toMatchObject({ score: 742 })
    expect((await ok<{ title: string }[]>(mira.get('/api/reminders'))).map((r) => r.title)).toEqual(['Call the bank'])

    // the household she left: her shared and balance-only accounts stay, now the owner's
    const left = await accountsOf(owner)
    expect(left.map((a) => [a.name, a.ownerId, a.balance]).sort()).toEqual([
      ['Joint', owner.user.id, 3000],
      ['Mira pension', owner.user.id, 250],
      ['Mira shared', owner.user.id, 500 - 12.5 + 150],
    ])
    expect(left.find((a) => a.id === balanceOnly.id)?.visibility).toBe('balance_only')
    expect((await netWorthOf(owner)).netWorth).toBe(3000 + 250 + 637.5)
    const ownersTransactions = await transactionsOf(owner)
    expect(ownersTransactions.filter((x) => x.accountId === priv.id)).toEqual([])
    expect(ownersTransactions.filter((x) => x.accountId === shared.id).map((x) => x.amount).sort()).toEqual([-12.5, 150, 500])
    expect(joint.ownerId).toBe(owner.user.id)
    const rows = await t.database.db.execute<{ n: number }>(sql`
      select (select count(*) from transactions where household_id = ${oldHousehold} and account_id = ${priv.id})
        + (select count(*) from monthly_rollups where household_id = ${oldHousehold} and account_id = ${priv.id})
        + (select count(*) from merchant_rollups where household_id = ${oldHousehold} and account_id = ${priv.id})
        + (select count(*) from transaction_splits s join transactions x on x.id = s.transaction_id
            where x.account_id = ${priv.id} and s.household_id = ${oldHousehold})
        + (select count(*) from categories c join transaction_splits s on s.category_id = c.id
            join transactions x on x.id = s.transaction_id where x.account_id = ${priv.id} and c.household_id = ${oldHousehold})
        + (select count(*) from monthly_rollups r join categories c on c.id = r.category_id
            where r.account_id = ${priv.id} and c.household_id <> ${mine.id}) as n`)
    expect(Number(rows.rows[0]?.n)).toBe(0)
    // the bill and the goal stay, no longer tied to an account that left
    // (read in the database: the API hides an account id the reader may not see anyway)
    const links = await t.database.db.execute<{ bill: string | null; goal: string | null }>(sql`
      select (select account_id from bills where id = ${bill.id})::text as bill,
        (select account_id from goals where id = ${goal.id})::text as goal`)
    expect(links.rows).toEqual([{ bill: null, goal: null }])
    expect((await ok<{ id: string }[]>(owner.get('/api/bills'))).map((b) => b.id)).toContain(bill.id)
    expect((await ok<{ id: string }[]>(owner.get('/api/goals'))).map((g) => g.id)).toContain(goal.id)
    const ownerView = await householdOfClient(owner)
    expect(ownerView.members.map((m) => m.userId)).toEqual([owner.user.id])
  })

  it('removes a member: their private account goes with them, their shared one passes to the owner', async () => {
    const owner = await signUp(t.app)
    const teen = await join(owner, 'teen', 'Tim')
    const pocket = await createAccount(teen, { name: 'Pocket money', visibility: 'private', openingBalance: 40.1 })
    const lunch = await createAccount(teen, { name: 'Lunch card', visibility: 'shared', sharedWithTeens: true, openingBalance: 20 })
    await addTransaction(teen, { accountId: pocket.id, date: '2026-03-10', amount: -5.05, merchant: 'Comics', categoryId: await categoryNamed(teen, 'Entertainment') })
    await ok(teen.post('/api/credit-score', { score: 650, date: '2026-03-01' }), 201)
    await unchangedBy(async () => {
      await refusal(teen.delete(`/api/household/members/${owner.user.id}`), 403, 'FORBIDDEN')
      await refusal(owner.delete(`/api/household/members/${owner.user.id}`), 409, 'CANNOT_REMOVE_SELF')
      await refusal(owner.delete(`/api/household/members/${MISSING}`), 404, 'NOT_FOUND')
    })

    await ok(owner.delete(`/api/household/members/${teen.user.id}`), 204)
    const his = await ok<Household>(teen.get('/api/household'))
    expect(his).toMatchObject({ name: "Tim's household", myRole: 'owner', plan: 'free' })
    expect((await accountsOf(teen)).map((a) => [a.id, a.balance])).toEqual([[pocket.id, 35.05]])
    const moved = await transactionsOf(teen)
    expect(moved.map((x) => x.amount).sort()).toEqual([-5.05, 40.1])
    const entertainment = await categoryNamed(teen, 'Entertainment')
    expect(moved.find((x) => x.amount === -5.05)?.categoryId).toBe(entertainment)
    expect(await netWorthOf(teen)).toMatchObject({ netWorth: 35.05 })
    expect(await ok<{ score: number }>(teen.get('/api/credit-score'))).toMatchObject({ score: 650 })

    expect((await accountsOf(owner)).map((a) => [a.id, a.ownerId, a.balance])).toEqual([[lunch.id, owner.user.id, 20]])
    expect((await netWorthOf(owner)).netWorth).toBe(20)
    expect((await householdOfClient(owner)).members.map((m) => m.userId)).toEqual([owner.user.id])
    // a removed member is no longer one
    await refusal(owner.delete(`/api/household/members/${teen.user.id}`), 404, 'NOT_FOUND')
  })

  it('keeps the owner until they hand the household over, and one owner at a time', async () => {
    const owner = await signUp(t.app)
    await unchangedBy(() => refusal(owner.post('/api/household/leave'), 409, 'ONLY_MEMBER'))
    const adult = await join(owner, 'adult')
    const viewer = await join(owner, 'viewer')
    await unchangedBy(async () => {
      await refusal(owner.post('/api/household/leave'), 409, 'TRANSFER_FIRST')
      await refusal(owner.post('/api/household/transfer-ownership', { userId: owner.user.id }), 409, 'ALREADY_OWNER')
      await refusal(owner.post('/api/household/transfer-ownership', { userId: MISSING }), 404, 'NOT_FOUND')
      await refusal(adult.post('/api/household/transfer-ownership', { userId: adult.user.id }), 403, 'FORBIDDEN')
      await refusal(owner.post('/api/household/transfer-ownership', { userId: 'nope' }), 400)
    })
    const pending = await invite(owner, 'teen')

    const after = await ok<Household>(owner.post('/api/household/transfer-ownership', { userId: adult.user.id }))
    expect(after.myRole).toBe('adult')
    expect(after.members.map((m) => [m.userId, m.role])).toEqual([
      [adult.user.id, 'owner'],
      [owner.user.id, 'adult'],
      [viewer.user.id, 'viewer'],
    ])
    const owners = await t.database.db
      .select({ userId: householdMembers.userId })
      .from(householdMembers)
      .where(sql`${householdMembers.householdId} = ${after.id} and ${householdMembers.role} = 'owner'`)
    expect(owners).toEqual([{ userId: adult.user.id }])
    expect(await me(adult)).toMatchObject({ role: 'owner' })
    await refusal(owner.get('/api/household/invites'), 403, 'FORBIDDEN')
    expect((await ok<Invite[]>(adult.get('/api/household/invites'))).map((i) => i.token)).toEqual([pending.token])

    // the former owner may leave now
    await ok(owner.post('/api/household/leave'))
    expect((await householdOfClient(owner)).myRole).toBe('owner')
    expect((await householdOfClient(adult)).members.map((m) => m.userId)).toEqual([adult.user.id, viewer.user.id])
  })

  it('brings the invitee’s own accounts in as private ones and closes their old household', async () => {
    const host = await signUp(t.app, { firstName: 'Hana' })
    await ok(host.patch('/api/household', { name: 'Hana & co' }))
    const hostsGroceries = await categoryNamed(host, 'Groceries')
    await createAccount(host, { name: 'Hana joint', openingBalance: 75.25 })

    const ivan = await signUp(t.app, { firstName: 'Ivan' })
    const oldHousehold = await householdOf(t.database.db, ivan)
    const checking = await createAccount(ivan, { name: 'Ivan checking', visibility: 'shared', openingBalance: 1200 })
    const card = await createAccount(ivan, { name: 'Ivan card', type: 'credit_card', visibility: 'balance_only' })
    const sideGig = await ok<Category>(ivan.post('/api/categories', { name: 'Side gig', kind: 'income' }), 201)
    await addTransaction(ivan, { accountId: checking.id, date: '2026-03-01', amount: 310.4, merchant: 'Client', categoryId: sideGig.id })
    await addTransaction(ivan, { accountId: card.id, date: '2026-03-04', amount: -80.2, merchant: 'Market', categoryId: await categoryNamed(ivan, 'Groceries') })
    await ok(ivan.put('/api/budgets', { categoryId: await categoryNamed(ivan, 'Groceries'), month: '2026-03', amount: 400 }))
    await ok(ivan.post('/api/goals', { name: 'Holiday', targetAmount: 2000, accountId: checking.id }), 201)
    await ok(ivan.post('/api/bills', { name: 'Phone', amount: 25, nextDueDate: '2026-04-02' }), 201)
    await ok(ivan.post('/api/bills', { name: 'Rent', amount: 900, nextDueDate: '2026-04-01' }), 201)
    await ok(ivan.post('/api/reminders', { title: 'Renew passport' }), 201)
    const pathsBefore = await categoryPaths(ivan)
    const before = (await transactionsOf(ivan)).map((x) => portable(x, pathsBefore))

    const { token } = await invite(host, 'adult')
    const preview = await ok<{ consequences: string[]; blocked: null }>(ivan.get(`/api/household/invites/${token}/preview`))
    expect(preview.blocked).toBeNull()
    expect(preview.consequences).toEqual([
      'You join “Hana & co” as an adult.',
      'Your 2 accounts (“Ivan card” and “Ivan checking”) come along with their 3 transactions, as private accounts: only you see them until you share them.',
      'Your transactions keep their categories: any that “Hana & co” lacks is added to it.',
      'Your credit scores and reminders come with you.',
      "Your household “Ivan's household” is closed. Deleted with it: 1 budget, 1 goal, 2 bills and its own categories.",
    ])
    const joined = await ok<Household>(ivan.post(`/api/household/invites/${token}/accept`))
    expect(joined.name).toBe('Hana & co')
    expect(joined.members.find((m) => m.userId === ivan.user.id)?.accounts.map((a) => [a.name, a.visibility])).toEqual([
      ['Ivan card', 'private'],
      ['Ivan checking', 'private'],
    ])
    // the host sees none of them
    expect((await householdOfClient(host)).members.find((m) => m.userId === ivan.user.id)?.accounts).toEqual([])
    expect((await accountsOf(host)).map((a) => a.id)).not.toContain(checking.id)

    const accounts = (await accountsOf(ivan)).filter((a) => a.ownerId === ivan.user.id)
    expect(accounts.map((a) => [a.id, a.visibility, a.ownerId, a.balance]).sort()).toEqual(
      [
        [checking.id, 'private', ivan.user.id, 1510.4],
        [card.id, 'private', ivan.user.id, -80.2],
      ].sort(),
    )
    const pathsAfter = await categoryPaths(ivan)
    const ivansOwn = [checking.id, card.id]
    const moved = (await transactionsOf(ivan)).filter((x) => ivansOwn.includes(x.accountId))
    expect(moved.map((x) => portable(x, pathsAfter))).toEqual(before)
    expect(moved.find((x) => x.amount === -80.2)?.categoryId).toBe(hostsGroceries)
    expect(await categoryNamed(host, 'Side gig')).toBe(moved.find((x) => x.amount === 310.4)?.categoryId)
    expect((await ok<{ title: string }[]>(ivan.get('/api/reminders'))).map((r) => r.title)).toEqual(['Renew passport'])
    expect((await netWorthOf(ivan)).netWorth).toBe(1510.4 - 80.2 + 75.25)
    // private now: nothing of them in the host's totals
    expect((await netWorthOf(host)).netWorth).toBe(75.25)
    // the old household is gone with its budget, goal and bills
    expect(await t.database.db.select().from(households).where(eq(households.id, oldHousehold))).toEqual([])
    const leftovers = await t.database.db.execute<{ n: number }>(sql`
      select (select count(*) from budgets where household_id = ${oldHousehold})
        + (select count(*) from goals where household_id = ${oldHousehold})
        + (select count(*) from bills where household_id = ${oldHousehold})
        + (select count(*) from categories where household_id = ${oldHousehold})
        + (select count(*) from transactions where household_id = ${oldHousehold}) as n`)
    expect(Number(leftovers.rows[0]?.n)).toBe(0)
  })
})
