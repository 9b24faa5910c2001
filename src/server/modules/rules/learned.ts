// The categories learned per payee, which transactions, imports, bank sync and insights read and
// write. It is a shared piece of the rules module (like accounts/scope.ts), not its service:
// rules/service.ts imports transactions/service.ts, which writes what it learns here. The
// functions are the repo's own, passed through.
export { learnedCategories, learnPayeeCategories } from './repo'
