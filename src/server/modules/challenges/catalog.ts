// The savings challenges one can start (ADR 0028), and how a start request becomes a stored
// challenge's dates and settings.
import type { z } from 'zod'
import type { catalogEntry, createChallengeBody } from '#src/contract/challenges'
import { addDays, endOfMonth, type IsoDate } from '#src/domain/dates'
import type { Cents } from '#src/domain/money'
import type { ChallengeKind } from '#src/domain/planning/challenges'
import { invalidField } from '#src/server/http/errors'

export type Body = z.output<typeof createChallengeBody>

export const CATALOG: z.output<typeof catalogEntry>[] = [
  {
    kind: 'week52',
    name: '52-week challenge',
    description:
      'Save a little more each week for a year (or start big and go down): 1,378 steps in all, into a goal.',
    needs: ['goal', 'step'],
  },
  {
    kind: 'no_spend',
    name: 'No-spend days',
    description:
      'Days (or weekends) with no spending in the categories you choose. One slip a week is forgiven.',
    needs: ['categories', 'endDate'],
  },
  {
    kind: 'round_up',
    name: 'Round-ups',
    description: 'Every card purchase rounded up to the next dollar; sweep the change into a goal.',
    needs: ['cards', 'target', 'endDate'],
  },
  {
    kind: 'unspent_allowance',
    name: 'Keep the change of your daily allowance',
    description: 'Whatever is left of your daily allowance each day is kept; sweep it into a goal.',
    needs: ['dailyAllowance', 'target', 'endDate'],
  },
  {
    kind: 'cut_category',
    name: 'Cut a category',
    description:
      'Spend a chosen percent less in one category this month than its average of the 3 months before.',
    needs: ['category', 'percent', 'month'],
  },
  {
    kind: 'custom',
    name: 'Your own target',
    description: 'An amount by a date, paced week by week, into a goal.',
    needs: ['goal', 'target', 'endDate'],
  },
]

export const SPENDING_KINDS: ReadonlySet<ChallengeKind> = new Set([
  'no_spend',
  'round_up',
  'unspent_allowance',
  'cut_category',
])

export const defaultName = (kind: ChallengeKind) => CATALOG.find((c) => c.kind === kind)?.name ?? kind

export function datesOf(body: Body, today: IsoDate): { start: IsoDate; end: IsoDate } {
  if (body.kind === 'cut_category')
    return { start: `${body.month}-01`, end: endOfMonth(`${body.month}-01`) }
  const start = body.startDate ?? today
  if (body.kind === 'week52') return { start, end: addDays(start, 52 * 7 - 1) }
  if (body.endDate < start) throw invalidField('body.endDate', 'Must not be before the start')
  return { start, end: body.endDate }
}

/** `dailyAllowance`: the one to keep the change of (the asked one, else today's). */
export function configOf(body: Body, dailyAllowance: Cents | null): Record<string, unknown> {
  switch (body.kind) {
    case 'week52':
      return { step: body.step, direction: body.direction }
    case 'no_spend':
      return { which: body.which, categoryIds: body.categoryIds }
    case 'round_up':
      return { accountIds: body.accountIds, target: body.target, swept: 0 }
    case 'unspent_allowance':
      return { dailyAllowance: body.dailyAllowance ?? dailyAllowance, target: body.target, swept: 0 }
    case 'cut_category':
      return { categoryId: body.categoryId, percent: body.percent, month: body.month }
    case 'custom':
      return { target: body.target }
  }
}
