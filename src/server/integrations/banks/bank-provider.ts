// What the bank-connection service needs of an aggregator, in Kinwise's terms: amounts
// in cents with positive = money in, dates as YYYY-MM-DD, balances signed like Kinwise's (owed is
// negative). Two adapters: SimpleFIN Bridge (simplefin.ts) and Plaid (plaid.ts); local fakes of
// both follow the providers' public APIs for the tests.
import type { IsoDate } from '#src/domain/dates'
import type { Cents } from '#src/domain/money'

export type ProviderAccountType = 'checking' | 'savings' | 'credit_card' | 'investment' | 'loan' | 'mortgage' | 'other'

export type ProviderAccount = {
  /** the provider's id of the account */
  id: string
  name: string
  mask: string | null
  currency: string
  type: ProviderAccountType
  balance: Cents | null
  availableBalance: Cents | null
  balanceDate: Date | null
  institution: string
}

export type ProviderTransaction = {
  id: string
  /** the provider's account id */
  accountId: string
  date: IsoDate
  /** positive = money in */
  amount: Cents
  payee: string
  description: string
  pending: boolean
  /** Plaid: the pending row this posted one replaces */
  pendingId: string | null
}

/** Why a call to the provider failed: the service turns each into the connection's status and words. */
export type BankErrorKind =
  /** the bank wants the member to log in again (Plaid ITEM_LOGIN_REQUIRED) */
  | 'login_required'
  /** SimpleFIN: the setup token was claimed before (403) */
  | 'claimed'
  /** the access URL/token no longer works (SimpleFIN 403 on accounts, Plaid invalid token) */
  | 'revoked'
  /** Plaid: the transactions changed during pagination; restart from the saved cursor */
  | 'mutation_during_pagination'
  /** anything else: network, 5xx, a malformed answer */
  | 'failed'

export class BankProviderError extends Error {
  constructor(
    readonly kind: BankErrorKind,
    message: string,
    /** the provider's own code (Plaid error_code), for the logs */
    readonly providerCode: string | null = null,
  ) {
    super(message)
    this.name = 'BankProviderError'
  }
}

/** A message people can read for a failed sync. */
export function plainWords(error: unknown): string {
  if (error instanceof BankProviderError) {
    switch (error.kind) {
      case 'login_required':
        return 'Your bank asks you to log in again: choose Fix login'
      case 'claimed':
        return 'This setup token was already claimed. If you did not claim it, it may be compromised: disable it in SimpleFIN Bridge and create a new one'
      case 'revoked':
        return 'The bank connection no longer has access: connect it again'
      case 'mutation_during_pagination':
        return 'Your bank changed transactions while they were read: the next sync tries again'
      case 'failed':
        return error.message
    }
  }
  return 'The sync failed unexpectedly: the next one tries again'
}
