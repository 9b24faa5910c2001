// A real SMTP server on a free local port (the smtp-server package) that keeps every mail it
// receives, for tests of what Kinwise sends through nodemailer.
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

export type ReceivedMail = { to: string[]; raw: string; text: string; subject: string }

export type TestMailServer = {
  url: string
  mails: ReceivedMail[]
  /** the next mail to this address (waits up to `ms`) */
  waitFor(to: string, ms?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

/** Quoted-printable (what nodemailer uses for long lines) back to text. */
function decodeQuotedPrintable(body: string): string {
  return body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16)))
}

function parse(raw: string, to: string[]): ReceivedMail {
  const split = raw.indexOf('\r\n\r\n')
  const head = raw.slice(0, split)
  const body = raw.slice(split + 4)
  const subject = /^Subject: (.*)$/m.exec(head)?.[1]?.trim() ?? ''
  const text = /quoted-printable/i.test(head) ? decodeQuotedPrintable(body) : body
  return { to, raw, text, subject }
}

export async function startMailServer(): Promise<TestMailServer> {
  const mails: ReceivedMail[] = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        mails.push(parse(Buffer.concat(chunks).toString('utf8'), session.envelope.rcptTo.map((r) => r.address.toLowerCase())))
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(to, ms = 5000) {
      const deadline = Date.now() + ms
      for (;;) {
        const found = mails.find((m) => m.to.includes(to.toLowerCase()))
        if (found) {
          mails.splice(mails.indexOf(found), 1)
          return found
        }
        if (Date.now() > deadline) throw new Error(`no mail to ${to} within ${ms} ms`)
        await new Promise((resolve) => setTimeout(resolve, 20))
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
