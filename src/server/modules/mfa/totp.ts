// TOTP (RFC 6238) through otplib 13: 6 digits, 30-second steps, SHA-1 (what every authenticator
// app reads from the otpauth URL). A code is accepted in the step before, the current one or the
// one after (clock drift), and only in a step later than the last accepted one (no replay).
import { generateSecret, generateURI, verify } from 'otplib'
import QRCode from 'qrcode'

export const TOTP_ISSUER = 'Kinwise'

export function newTotpSecret(): string {
  return generateSecret()
}

export function totpUri(secret: string, email: string): string {
  return generateURI({ issuer: TOTP_ISSUER, label: email, secret })
}

/** The otpauth URL as a QR code: an SVG data URL for an <img src>. */
export async function totpQrDataUrl(uri: string): Promise<string> {
  const svg = await QRCode.toString(uri, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
  return `data:image/svg+xml;base64,${Buffer.from(svg, 'utf8').toString('base64')}`
}

/**
 * The step the code belongs to when it is right at `now` (±1 step) and later than `afterStep`;
 * null otherwise.
 */
export async function checkTotp(secret: string, token: string, now: Date, afterStep: number | null): Promise<number | null> {
  try {
    const result = await verify({
      secret,
      token,
      epoch: Math.floor(now.getTime() / 1000),
      epochTolerance: 30,
      ...(afterStep !== null ? { afterTimeStep: afterStep } : {}),
    })
    return result.valid && 'timeStep' in result ? result.timeStep : null
  } catch {
    return null
  }
}
