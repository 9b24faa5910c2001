// The bank aggregators Kinwise can link through, and the states of a connection.
// One list each, for the contracts and the database's check constraints.

export const BANK_PROVIDERS = ['simplefin', 'plaid'] as const
export type BankProvider = (typeof BANK_PROVIDERS)[number]

export const BANK_CONNECTION_STATUSES = ['active', 'error', 'login_required', 'disconnected'] as const
export type BankConnectionStatus = (typeof BANK_CONNECTION_STATUSES)[number]
