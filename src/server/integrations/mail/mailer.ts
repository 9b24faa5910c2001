// Outgoing mail (password reset links, notices to an address's owner). The Mailer is what the
// modules use; the SMTP adapter (nodemailer) is the only one, made from SMTP_URL and MAIL_FROM.
// Without SMTP_URL there is no mailer: reset links come from `cli reset-link`.
import type { Transporter } from 'nodemailer'
import type { Config } from '#src/server/config'

export type Mail = { to: string; subject: string; text: string }

export type Mailer = {
  send(mail: Mail): Promise<void>
  close(): void
}

/** nodemailer loads with the first mail, not at start (a server may never send one) */
export function createSmtpMailer(smtpUrl: string, from: string): Mailer {
  let transport: Promise<Transporter> | null = null
  const open = () => (transport ??= import('nodemailer').then((nodemailer) => nodemailer.default.createTransport(smtpUrl)))
  return {
    async send(mail) {
      await (await open()).sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text })
    },
    close() {
      // nothing to close before the first mail, and nothing if nodemailer could not make a transport
      void transport?.then((t) => t.close(), () => undefined)
    },
  }
}

const mailers = new WeakMap<Config, Mailer>()

/** The mailer of a configuration (one per configuration), or null when mail is off. */
export function mailerFor(config: Config): Mailer | null {
  if (!config.mail) return null
  let mailer = mailers.get(config)
  if (!mailer) {
    mailer = createSmtpMailer(config.mail.smtpUrl, config.mail.from)
    mailers.set(config, mailer)
  }
  return mailer
}

/** The address links in mails and from the CLI point to: PUBLIC_URL, else this machine. */
export function publicBase(config: Config): string {
  return (config.publicUrl ?? `http://localhost:${config.port}`).replace(/\/+$/, '')
}
