// OpenID Connect sign-in (optional: on when OIDC_ISSUER, OIDC_CLIENT_ID and OIDC_CLIENT_SECRET
// are set). Authorization code flow with PKCE, state and nonce, through openid-client; the
// provider is discovered once, on first use.
import * as client from 'openid-client'

export type OidcIdentity = {
  subject: string
  email: string | null
  emailVerified: boolean
  firstName: string
  lastName: string
}

export type OidcChecks = { state: string; verifier: string; nonce: string }

export type OidcProvider = {
  /** where to send the browser, and the checks to keep (in a cookie) until it comes back */
  start(): Promise<{ url: string; checks: OidcChecks }>
  /** the identity behind the callback URL the provider redirected to */
  finish(callbackUrl: URL, checks: OidcChecks): Promise<OidcIdentity>
}

export type OidcSettings = { issuer: string; clientId: string; clientSecret: string; redirectUri: string }

const isLocal = (url: string) => /^http:\/\/(localhost|127\.0\.0\.1|\[::1\])(:\d+)?(\/|$)/.test(url)

export function createOidcProvider(settings: OidcSettings): OidcProvider {
  let discovered: Promise<client.Configuration> | null = null
  const configuration = () => {
    discovered ??= client
      .discovery(
        new URL(settings.issuer),
        settings.clientId,
        { redirect_uris: [settings.redirectUri], response_types: ['code'] },
        client.ClientSecretPost(settings.clientSecret),
        // a provider on this machine (tests, a home lab) may speak plain HTTP; others must not
        isLocal(settings.issuer) ? { execute: [client.allowInsecureRequests] } : undefined,
      )
      .catch((error: unknown) => {
        discovered = null
        throw error
      })
    return discovered
  }
  return {
    async start() {
      const config = await configuration()
      const checks = { state: client.randomState(), verifier: client.randomPKCECodeVerifier(), nonce: client.randomNonce() }
      const url = client.buildAuthorizationUrl(config, {
        redirect_uri: settings.redirectUri,
        scope: 'openid email profile',
        code_challenge: await client.calculatePKCECodeChallenge(checks.verifier),
        code_challenge_method: 'S256',
        state: checks.state,
        nonce: checks.nonce,
      })
      return { url: url.href, checks }
    },
    async finish(callbackUrl, checks) {
      const config = await configuration()
      const tokens = await client.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.verifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      })
      const claims = tokens.claims()
      if (!claims) throw new Error('The provider sent no ID token')
      const text = (v: unknown) => (typeof v === 'string' ? v : '')
      return {
        subject: `${claims.iss}|${claims.sub}`,
        email: typeof claims.email === 'string' ? claims.email.toLowerCase() : null,
        emailVerified: claims.email_verified === true,
        firstName: text(claims.given_name) || text(claims.name).split(' ')[0] || 'New',
        lastName: text(claims.family_name),
      }
    },
  }
}
