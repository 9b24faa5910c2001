// Codes of an authenticator app, computed in the specs from the key (otplib, as the server
// checks them): the server takes a code of the step before, the current one or the one after,
// and never a step at or before the last one it accepted, so each call answers a code of a later
// step than the one before, waiting for the clock when it must.
import { expect, type APIRequestContext } from '@playwright/test'
import { generate } from 'otplib'

const STEP_SECONDS = 30

export class Authenticator {
  private lastStep = -1

  constructor(readonly secret: string) {}

  async code(): Promise<string> {
    for (;;) {
      const now = Math.floor(Date.now() / 1000 / STEP_SECONDS)
      const step = Math.max(now, this.lastStep + 1)
      if (step <= now + 1) {
        this.lastStep = step
        return generate({ secret: this.secret, epoch: step * STEP_SECONDS })
      }
      // the next usable step is two ahead: wait until it is only one ahead
      const wait = ((step - 1) * STEP_SECONDS + 1) * 1000 - Date.now()
      await new Promise((resolve) => setTimeout(resolve, Math.max(wait, 100)))
    }
  }
}

/** Turns MFA on through the API (set-up, then a code): the app and the ten recovery codes. */
export async function enableMfaByApi(
  request: APIRequestContext,
): Promise<{ app: Authenticator; recoveryCodes: string[] }> {
  const setup = await request.post('/api/mfa/totp/setup')
  expect(setup.status(), await setup.text()).toBe(200)
  const { secret }: { secret: string } = await setup.json()
  const app = new Authenticator(secret)
  const enable = await request.post('/api/mfa/totp/enable', { data: { code: await app.code() } })
  expect(enable.status(), await enable.text()).toBe(200)
  const { recoveryCodes }: { recoveryCodes: string[] } = await enable.json()
  return { app, recoveryCodes }
}
