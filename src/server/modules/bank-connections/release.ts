// Telling the providers about connections Kinwise deleted: Plaid's /item/remove, so it
// stops reading the bank and the access token dies. Used by Disconnect and whenever a member's
// connections go with them (leaving or being removed from a household, joining another one,
// their account deleted): the rows are deleted in the caller's transaction, and this runs after
// it is committed. Best effort: a Plaid that cannot be reached (or a token that cannot be opened)
// is logged and keeps nothing connected on our side. SimpleFIN has no call to revoke an Access
// URL; deleting our sealed copy ends Kinwise's access.
import type { FastifyBaseLogger } from 'fastify'
import type { Config } from '#src/server/config'
import { openSecret } from '#src/server/crypto/secret-box'
import { BankProviderError } from '#src/server/integrations/banks/bank-provider'
import type { DroppedConnection } from './repo'
import { bankClients, type BankClients } from './sync'

export type BankRelease = { config: Config; clients: BankClients; log?: FastifyBaseLogger | undefined }

export function bankRelease(config: Config, log?: FastifyBaseLogger): BankRelease {
  return { config, clients: bankClients(config), log }
}

export async function removeAtProviders(deps: BankRelease, dropped: readonly DroppedConnection[]): Promise<void> {
  for (const conn of dropped) {
    if (conn.provider !== 'plaid') continue
    const client = deps.clients.plaid
    if (!client) {
      deps.log?.warn({ connectionId: conn.id }, 'plaid item not removed: Plaid is no longer configured')
      continue
    }
    try {
      await client.removeItem(openSecret(conn.accessSecret, deps.config.secretKey))
    } catch (error) {
      deps.log?.warn({ connectionId: conn.id, code: error instanceof BankProviderError ? error.providerCode : null }, 'plaid item not removed')
    }
  }
}
