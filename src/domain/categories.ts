// What a category counts, and what a transaction is in the reports: spending or income.
// One list for the contracts and the database's check constraint.

export const CATEGORY_KINDS = ['expense', 'income'] as const
export type CategoryKind = (typeof CATEGORY_KINDS)[number]
