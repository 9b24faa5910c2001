// What every route module receives from buildApp.
import type { Config } from './config'
import type { Db } from './db/connect'
import type { Clock } from './clock'
import type { OidcProvider } from './integrations/oidc/oidc'

export type AppDeps = { db: Db; config: Config; clock: Clock; oidc: OidcProvider | null }
