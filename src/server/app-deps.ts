// What every route module receives from buildApp.
import type { Config } from './config'
import type { Db } from './db/connect'
import type { Clock } from './clock'
import type { OidcProvider } from './integrations/oidc/oidc'
import type { BillingProvider } from './integrations/billing/billing-provider'

export type AppDeps = {
  db: Db
  config: Config
  clock: Clock
  oidc: OidcProvider | null
  /** card billing (Stripe); null when not configured: the administrator sets plans */
  billing: BillingProvider | null
}
