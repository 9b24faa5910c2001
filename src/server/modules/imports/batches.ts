// An import batch and the transactions it added, as the transactions list narrows to them. A
// shared piece of the imports module (like accounts/scope.ts), not its service:
// imports/service.ts reaches transactions/repo.ts, which reads batches here. The functions are
// the repo's own, passed through.
export { findBatch, inBatch, type BatchIdRange } from './repo'
