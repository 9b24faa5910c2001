// A local OpenID Connect provider for tests, following the OpenID Connect Core and Discovery
// specs closely enough for a certified client: discovery document, authorization endpoint that
// signs the user in at once, token endpoint (code + PKCE S256, client_secret_post) and JWKS.
import { createHash, randomBytes } from 'node:crypto'
import Fastify from 'fastify'
import { exportJWK, generateKeyPair, SignJWT } from 'jose'

export type FakeUser = { sub: string; email: string; email_verified: boolean; given_name: string; family_name: string }

export async function startFakeOidcProvider(options: { clientId: string; clientSecret: string; user: FakeUser }) {
  const { publicKey, privateKey } = await generateKeyPair('RS256')
  const jwk = { ...(await exportJWK(publicKey)), kid: 'test-key', alg: 'RS256', use: 'sig' }
  const codes = new Map<string, { nonce: string; challenge: string; redirectUri: string }>()
  const app = Fastify()
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))))
  })
  // the issuer is known once the server listens; the handlers read it when they run
  let issuer = ''
  let user = options.user

  app.get('/.well-known/openid-configuration', async () => ({
    issuer,
    authorization_endpoint: `${issuer}/authorize`,
    token_endpoint: `${issuer}/token`,
    jwks_uri: `${issuer}/jwks`,
    response_types_supported: ['code'],
    subject_types_supported: ['public'],
    id_token_signing_alg_values_supported: ['RS256'],
    code_challenge_methods_supported: ['S256'],
    token_endpoint_auth_methods_supported: ['client_secret_post'],
  }))
  app.get('/jwks', async () => ({ keys: [jwk] }))
  app.get('/authorize', async (req, reply) => {
    const q = req.query as Record<string, string>
    if (q.client_id !== options.clientId || q.response_type !== 'code' || q.code_challenge_method !== 'S256') {
      return reply.code(400).send({ error: 'invalid_request' })
    }
    const code = randomBytes(16).toString('hex')
    codes.set(code, { nonce: q.nonce ?? '', challenge: q.code_challenge ?? '', redirectUri: q.redirect_uri ?? '' })
    const back = new URL(q.redirect_uri ?? '')
    back.searchParams.set('code', code)
    back.searchParams.set('state', q.state ?? '')
    back.searchParams.set('iss', issuer)
    return reply.redirect(back.href)
  })
  app.post('/token', async (req, reply) => {
    const body = req.body as Record<string, string>
    const grant = codes.get(body.code ?? '')
    codes.delete(body.code ?? '')
    const challenge = createHash('sha256').update(body.code_verifier ?? '').digest('base64url')
    if (
      !grant ||
      body.client_id !== options.clientId ||
      body.client_secret !== options.clientSecret ||
      body.redirect_uri !== grant.redirectUri ||
      challenge !== grant.challenge
    ) {
      return reply.code(400).send({ error: 'invalid_grant' })
    }
    const idToken = await new SignJWT({ ...user, nonce: grant.nonce })
      .setProtectedHeader({ alg: 'RS256', kid: 'test-key' })
      .setIssuer(issuer)
      .setAudience(options.clientId)
      .setSubject(user.sub)
      .setIssuedAt()
      .setExpirationTime('5m')
      .sign(privateKey)
    return { access_token: randomBytes(16).toString('hex'), token_type: 'Bearer', expires_in: 300, id_token: idToken }
  })

  await app.listen({ host: '127.0.0.1', port: 0 })
  const address = app.server.address()
  issuer = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`

  return {
    issuer,
    setUser: (next: FakeUser) => {
      user = next
    },
    close: () => app.close(),
  }
}
