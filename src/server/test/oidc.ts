// What the OpenID Connect sign-in tests share: an app configured for a local fake provider that
// signs in one given person, and reading a cookie the app set.
import { startFakeOidcProvider, type FakeUser } from '../integrations/oidc/fake-provider'
import { createTestApp, type TestContext } from './helper'

export type FakeOidcProvider = Awaited<ReturnType<typeof startFakeOidcProvider>>

/** A fake provider for `user` and an app that signs in through it; `now` fixes the app's clock. */
export async function startOidcTestApp(user: FakeUser, now?: string): Promise<{ t: TestContext; idp: FakeOidcProvider }> {
  const idp = await startFakeOidcProvider({ clientId: 'kinwise', clientSecret: 'secret', user })
  const t = await createTestApp({
    ...(now ? { now } : {}),
    env: { OIDC_ISSUER: idp.issuer, OIDC_CLIENT_ID: 'kinwise', OIDC_CLIENT_SECRET: 'secret', PUBLIC_URL: 'http://kinwise.test' },
  })
  return { t, idp }
}

/** The value (`name=value`) of the cookie `name` among Set-Cookie headers; '' when there is none. */
export const cookieOf = (header: string | string[] | undefined, name: string) =>
  (Array.isArray(header) ? header : [header ?? ''])
    .map((c) => c.split(';')[0] ?? '')
    .find((c) => c.startsWith(`${name}=`)) ?? ''
