// The basic and premium users scripts/e2e-server.mjs creates with the admin CLI before the
// server starts (the tier specs sign in as them).
export const TIER_USERS = {
  basic: { email: 'basic@e2e.kinwise.test', password: 'e2e-basic-password', firstName: 'Bao' },
  premium: {
    email: 'premium@e2e.kinwise.test',
    password: 'e2e-premium-password',
    firstName: 'Priya',
  },
}

/**
 * Premium households of their own for the specs that add members to one (a household holds its
 * owner and 10 more): one per spec file, so no spec fills another's household.
 */
/** @param {string} name */
const owner = (name) => ({ email: `premium-${name}@e2e.kinwise.test`, password: 'e2e-premium-password', firstName: 'Priya' })
export const PREMIUM_OWNERS = {
  a11y: owner('a11y'),
  advisor: owner('advisor'),
  automation: owner('automation'),
  coaching: owner('coaching'),
  insights: owner('insights'),
  quickbooks: owner('quickbooks'),
}
