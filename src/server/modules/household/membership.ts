// Households and their members as other modules change them: sign-up, account deletion, data
// import, and the test, fuzz and demo worlds. A shared piece of the household module (like
// accounts/scope.ts), not its service: household/service.ts imports auth/service.ts, which
// creates a new member's household here. The functions are the repo's own, passed through.
export {
  addMembership,
  countMembers,
  createOwnHousehold,
  deleteHousehold,
  lockHouseholds,
  membershipOf,
  ownerOf,
  removeMembership,
  setRole,
} from './repo'
