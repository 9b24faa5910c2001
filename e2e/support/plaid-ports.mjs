// The local Plaid scripts/e2e-server.mjs configures the e2e server with: the server's
// own fake, run by e2e/support/fake-plaid-server.ts on E2E_PLAID_PORT, and its control API for
// the specs on the port after it. KINWISE_E2E_PLAID_PORT moves it (default: the e2e port + 1000,
// so two e2e runs that share a machine on different ports do not share a Plaid).
export const E2E_PLAID_PORT = Number(
  process.env.KINWISE_E2E_PLAID_PORT ?? Number(process.env.KINWISE_E2E_PORT ?? 3100) + 1000,
)
export const E2E_PLAID_CONTROL_URL = `http://127.0.0.1:${E2E_PLAID_PORT + 1}`
/** The keys the e2e server sends it (the fake refuses others, as Plaid does) */
export const E2E_PLAID_KEYS = { clientId: 'e2e-plaid-client', secret: 'e2e-plaid-secret' }
