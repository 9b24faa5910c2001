// The signature of an outgoing webhook: header
// `X-Kinwise-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. This
// module holds the format (what is signed, how the header reads and parses, the tolerance a
// receiver should allow); the server computes the HMAC with node:crypto.

export const SIGNATURE_HEADER = 'X-Kinwise-Signature'

/** Five minutes: a receiver should refuse a signature older (or newer) than this. */
export const SIGNATURE_TOLERANCE_SECONDS = 300

/** The text that is signed: the timestamp, a dot and the raw body. */
export function signedText(timestamp: number, body: string): string {
  return `${timestamp}.${body}`
}

/** The header's value from the timestamp and the hex digest. */
export function signatureHeaderValue(timestamp: number, hexDigest: string): string {
  return `t=${timestamp},v1=${hexDigest}`
}

/** Reads `t=…,v1=…` back (any order, other schemes ignored); null when malformed. */
export function parseSignatureHeader(
  value: string,
): { timestamp: number; signatures: string[] } | null {
  let timestamp: number | null = null
  const signatures: string[] = []
  for (const part of value.split(',')) {
    const eq = part.indexOf('=')
    if (eq < 0) return null
    const key = part.slice(0, eq).trim()
    const val = part.slice(eq + 1).trim()
    if (key === 't') {
      if (!/^\d{1,12}$/.test(val)) return null
      timestamp = Number(val)
    } else if (key === 'v1') {
      if (!/^[0-9a-f]{64}$/.test(val)) return null
      signatures.push(val)
    }
  }
  return timestamp === null || signatures.length === 0 ? null : { timestamp, signatures }
}

/** Whether a signature's timestamp is within the tolerance of `nowSeconds`. */
export function isFresh(
  timestamp: number,
  nowSeconds: number,
  tolerance = SIGNATURE_TOLERANCE_SECONDS,
): boolean {
  return Math.abs(nowSeconds - timestamp) <= tolerance
}
