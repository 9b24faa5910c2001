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
