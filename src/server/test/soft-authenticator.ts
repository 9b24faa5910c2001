// A software passkey for API tests: an EC P-256 key made with node:crypto, and the WebAuthn
// registration ('none' attestation) and assertion objects a browser would send, built by hand
// (with the few CBOR items they need) so the server's real verification runs end to end.
import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto'

// ── minimal CBOR (RFC 8949): unsigned and negative integers, byte and text strings, maps ──
type Cbor = number | string | Uint8Array | Map<number | string, Cbor>

function head(major: number, n: number): Buffer {
  if (n < 24) return Buffer.from([(major << 5) | n])
  if (n < 0x100) return Buffer.from([(major << 5) | 24, n])
  if (n < 0x10000) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff])
  const b = Buffer.alloc(5)
  b[0] = (major << 5) | 26
  b.writeUInt32BE(n, 1)
  return b
}

export function cbor(value: Cbor): Buffer {
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value)
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8')
    return Buffer.concat([head(3, bytes.length), bytes])
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), Buffer.from(value)])
  const parts: Buffer[] = [head(5, value.size)]
  for (const [k, v] of value) parts.push(cbor(k), cbor(v))
  return Buffer.concat(parts)
}

const b64url = (b: Uint8Array) => Buffer.from(b).toString('base64url')
const sha256 = (b: Uint8Array | string) => createHash('sha256').update(b).digest()

export type SoftPasskey = {
  id: string
  privateKey: KeyObject
  counter: number
  /** the registration response for the options' challenge (what startRegistration() resolves to) */
  register(options: { challenge: string }, rp: { rpID: string; origin: string }): Record<string, unknown>
  /** an assertion for the options' challenge (what startAuthentication() resolves to) */
  assert(options: { challenge: string }, rp: { rpID: string; origin: string }): Record<string, unknown>
}

export function createSoftPasskey(): SoftPasskey {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' })
  const jwk = publicKey.export({ format: 'jwk' })
  const credentialId = randomBytes(16)
  const coseKey = cbor(
    new Map<number, Cbor>([
      [1, 2], // kty: EC2
      [3, -7], // alg: ES256
      [-1, 1], // crv: P-256
      [-2, Buffer.from(jwk.x ?? '', 'base64url')],
      [-3, Buffer.from(jwk.y ?? '', 'base64url')],
    ]),
  )
  const counterBytes = (n: number) => {
    const b = Buffer.alloc(4)
    b.writeUInt32BE(n)
    return b
  }
  const passkey: SoftPasskey = {
    id: b64url(credentialId),
    privateKey,
    counter: 0,
    register({ challenge }, { rpID, origin }) {
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.create', challenge, origin, crossOrigin: false }))
      const idLength = Buffer.alloc(2)
      idLength.writeUInt16BE(credentialId.length)
      const authData = Buffer.concat([
        sha256(rpID),
        Buffer.from([0x01 | 0x40]), // user present, attested credential data
        counterBytes(passkey.counter),
        Buffer.alloc(16), // AAGUID
        idLength,
        credentialId,
        coseKey,
      ])
      const attestationObject = cbor(
        new Map<string, Cbor>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      )
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        // every field Chromium's toJSON() sends, so the contract's input guard is tried with them
        authenticatorAttachment: 'platform',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          attestationObject: b64url(attestationObject),
          authenticatorData: b64url(authData),
          transports: ['internal'],
          publicKeyAlgorithm: -7,
          publicKey: b64url(publicKey.export({ format: 'der', type: 'spki' })),
        },
        clientExtensionResults: { credProps: { rk: false } },
      }
    },
    assert({ challenge }, { rpID, origin }) {
      passkey.counter += 1
      const clientDataJSON = Buffer.from(JSON.stringify({ type: 'webauthn.get', challenge, origin, crossOrigin: false }))
      const authenticatorData = Buffer.concat([sha256(rpID), Buffer.from([0x01]), counterBytes(passkey.counter)])
      const signature = sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), privateKey)
      return {
        id: passkey.id,
        rawId: passkey.id,
        type: 'public-key',
        response: {
          clientDataJSON: b64url(clientDataJSON),
          authenticatorData: b64url(authenticatorData),
          signature: b64url(signature),
          userHandle: b64url(Buffer.from('user-handle')),
        },
        authenticatorAttachment: 'platform',
        clientExtensionResults: {},
      }
    },
  }
  return passkey
}
