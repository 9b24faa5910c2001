// Bank connections: a member links their bank through an aggregator — SimpleFIN Bridge
// (a setup token pasted in) or Plaid (Link in the browser, a public token exchanged) — and the
// connection's accounts sync into Kinwise accounts, each linked to an existing account the member
// chooses or created at the first sync. Premium (the plan's bankConnections limit), a second
// factor required (403 MFA_REQUIRED). A connection belongs to the member who made it: the list
// shows the caller's own; the Kinwise accounts it feeds follow their visibility like any account.
//
// Flow: POST (claims the token, reads the provider's accounts, no transactions yet) → optional
// PATCH of each provider account to an existing Kinwise account → POST …/sync (accounts still
// unlinked get a new Kinwise account with the provider's name) → scheduled syncs.
import { z } from 'zod'
import { BANK_CONNECTION_STATUSES, BANK_PROVIDERS } from '../domain/bank-connections'
import { endpoint, type Access } from './endpoint'
import { accountType, accountVisibility } from './accounts'
import { id, money, okResponse, trimmed } from './common'

/** Reads of the caller's own connections. */
const BANK_READ = { feature: 'bankConnections', role: 'viewer', writes: false } as const satisfies Access
/** Linking a bank writes accounts and transactions into the household: adults and the owner. */
const BANK_WRITE = { feature: 'bankConnections', role: 'adult', writes: true } as const satisfies Access

export { BANK_CONNECTION_STATUSES, BANK_PROVIDERS }
export const bankProvider = z.enum(BANK_PROVIDERS)
export type BankProvider = z.infer<typeof bankProvider>

export const bankConnectionStatus = z.enum(BANK_CONNECTION_STATUSES)

/** One of the provider's accounts in a connection. */
export const bankConnectionAccount = z.object({
  /** this row's id (the :accountId of PATCH) */
  id,
  name: z.string(),
  /** the last digits the provider gives, if any */
  mask: z.string().nullable(),
  currency: z.string(),
  /** the provider's latest balance (null until read); positive = money held, negative = owed */
  balance: money.nullable(),
  availableBalance: money.nullable(),
  balanceDate: z.string().nullable(),
  /** the Kinwise account it feeds; null until linked (the next sync creates one) */
  accountId: id.nullable(),
  /** the last sync's error for this account alone, in plain words (other accounts still synced) */
  lastError: z.string().nullable(),
})
export type BankConnectionAccount = z.output<typeof bankConnectionAccount>

export const bankConnection = z.object({
  id,
  provider: bankProvider,
  /** login_required: Plaid needs the member to log in again (Link update mode) */
  status: bankConnectionStatus,
  institution: z.string(),
  lastSyncAt: z.string().nullable(),
  /** the last error in plain words; null after a clean sync */
  lastError: z.string().nullable(),
  /** health: the last sync that succeeded, the next scheduled one, when the bank's consent ends */
  lastSuccessAt: z.string().nullable(),
  nextSyncAt: z.string().nullable(),
  consentExpiresAt: z.string().nullable(),
  createdAt: z.string(),
  accounts: z.array(bankConnectionAccount),
})
export type BankConnection = z.output<typeof bankConnection>

export const createBankConnectionBody = z.discriminatedUnion(
  'provider',
  [
    z.object({
      provider: z.literal('simplefin'),
      /** from the member's SimpleFIN Bridge: Base64 of a claim URL */
      setupToken: z.string().trim().min(1, 'Setup token is required').max(2000, 'Setup token is too long'),
    }),
    z.object({
      provider: z.literal('plaid'),
      /** from Plaid Link's onSuccess */
      publicToken: z.string().trim().min(1, 'Public token is required').max(500, 'Public token is too long'),
      institution: trimmed(120, 'Institution').optional(),
    }),
  ],
  { error: 'Provider must be simplefin or plaid' },
)

/**
 * Link a provider account: to an existing Kinwise account (`accountId`), or to a new one
 * (`accountId: null`, with optional name/type/visibility; created now).
 */
export const linkBankAccountBody = z.object({
  accountId: id.nullable(),
  name: trimmed(80, 'Name').min(1, 'Name is required').optional(),
  type: accountType.optional(),
  visibility: accountVisibility.optional(),
  sharedWithTeens: z.boolean().optional(),
})

export const syncResult = z.object({
  added: z.number().int(),
  updated: z.number().int(),
  removed: z.number().int(),
  /**
   * accounts that failed this time (the others synced); accountId null: about the whole
   * connection — its failure, or a message from the bridge itself (SimpleFIN's `errors`, named
   * "SimpleFIN Bridge") beside the accounts that synced
   */
  errors: z.array(z.object({ accountId: id.nullable(), name: z.string(), message: z.string() })),
})
export type SyncResult = z.output<typeof syncResult>

const connectionParams = z.object({ id })
const accountParams = z.object({ id, accountId: id })

export const bankProviders = endpoint({
  method: 'GET',
  path: '/api/bank-connections/providers',
  summary: 'Which aggregators this server offers: SimpleFIN always, Plaid when configured (PLAID_CLIENT_ID/PLAID_SECRET)',
  tag: 'bank-connections',
  access: BANK_READ,
  response: z.object({
    simplefin: z.boolean(),
    plaid: z.boolean(),
    /** the plan's limit and how many connections the household has */
    limit: z.number().int(),
    used: z.number().int(),
  }),
})

export const listBankConnections = endpoint({
  method: 'GET',
  path: '/api/bank-connections',
  summary: "The caller's bank connections with their accounts and health",
  tag: 'bank-connections',
  access: BANK_READ,
  response: z.array(bankConnection),
})

export const createBankConnection = endpoint({
  method: 'POST',
  path: '/api/bank-connections',
  summary:
    "Connect a bank: claims a SimpleFIN setup token or exchanges a Plaid public token, reads the accounts. 403 MFA_REQUIRED without a second factor, 409 LIMIT_REACHED past the plan's limit, 409 SETUP_TOKEN_CLAIMED when the token was already claimed (it may be compromised), 400 UNSAFE_PROVIDER_URL for a private address, 502 PROVIDER_ERROR",
  tag: 'bank-connections',
  access: BANK_WRITE,
  tokens: false,
  body: createBankConnectionBody,
  response: bankConnection,
  status: 201,
})

export const linkBankAccount = endpoint({
  method: 'PATCH',
  path: '/api/bank-connections/:id/accounts/:accountId',
  summary: 'Link a provider account to an existing Kinwise account, or create one for it (accountId null)',
  tag: 'bank-connections',
  access: BANK_WRITE,
  tokens: false,
  params: accountParams,
  body: linkBankAccountBody,
  response: bankConnection,
})

export const syncBankConnection = endpoint({
  method: 'POST',
  path: '/api/bank-connections/:id/sync',
  summary: 'Sync now: new, changed and removed transactions and balances of every account',
  tag: 'bank-connections',
  access: BANK_WRITE,
  tokens: false,
  params: connectionParams,
  response: syncResult,
})

export const deleteBankConnection = endpoint({
  method: 'DELETE',
  path: '/api/bank-connections/:id',
  summary: 'Disconnect: deletes the sealed access token/URL; the Kinwise accounts and their transactions stay',
  tag: 'bank-connections',
  access: BANK_WRITE,
  tokens: false,
  params: connectionParams,
  response: null,
  status: 204,
})

export const plaidLinkToken = endpoint({
  method: 'POST',
  path: '/api/bank-connections/plaid/link-token',
  summary:
    "A Plaid Link token; with connectionId, for Link's update mode (the bank asks to log in again). 409 PLAID_NOT_CONFIGURED",
  tag: 'bank-connections',
  access: BANK_WRITE,
  tokens: false,
  body: z.object({ connectionId: id.optional() }),
  response: z.object({ linkToken: z.string(), expiration: z.string() }),
})

export const plaidWebhook = endpoint({
  method: 'POST',
  path: '/api/bank-connections/plaid/webhook',
  summary:
    'Plaid webhooks (raw body, verified: ES256 JWT in Plaid-Verification, body SHA-256, issued within 5 minutes; 400 BAD_SIGNATURE otherwise)',
  tag: 'bank-connections',
  auth: false,
  response: okResponse,
})
