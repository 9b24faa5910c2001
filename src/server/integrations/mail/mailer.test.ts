// The SMTP mailer makes its transport with the first mail (nodemailer loads then): closing it
// before any mail, or after nodemailer refused the address, is quiet. Sending through a real
// SMTP server is tested in auth/security.test.ts.
import { describe, expect, it } from 'vitest'
import { createSmtpMailer } from './mailer'

const settle = () => new Promise((resolve) => setTimeout(resolve, 20))

describe('createSmtpMailer', () => {
  it('closes quietly before its first mail', async () => {
    const mailer = createSmtpMailer('smtp://127.0.0.1:1', 'Kinwise <kinwise@example.com>')
    expect(() => mailer.close()).not.toThrow()
    await settle()
  })

  it('turns a transport nodemailer could not make into the failed send, and closes quietly after it', async () => {
    // config.ts refuses such an SMTP_URL at start; this is the mailer's own guard
    const mailer = createSmtpMailer('not a url', 'Kinwise <kinwise@example.com>')
    await expect(mailer.send({ to: 'a@example.com', subject: 'Hi', text: 'Hello' })).rejects.toThrow()
    mailer.close()
    // an unhandled rejection from close() would fail this run
    await settle()
  })
})
