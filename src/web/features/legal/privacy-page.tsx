// Privacy Policy: what is collected, the optional outside services (bank aggregator, payment
// provider, AI, accounting software), security, rights, and requests answered within 30 days.
import { LegalDocument, type LegalSection } from './legal-document'

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'What we collect',
    body: (
      <ul className="list-disc space-y-1 pl-5">
        <li>
          Your account: name, e-mail address, password (stored only as a salted hash) and
          preferences.
        </li>
        <li>
          The financial data you enter, import or connect: accounts, transactions, budgets, goals,
          bills, investments, credit scores and reminders. Account numbers are reduced to their last
          digits.
        </li>
        <li>Security records: sign-in times, sessions and the device that opened them.</li>
      </ul>
    ),
  },
  {
    heading: 'How we use it',
    body: (
      <p>
        Only to run Kinwise for you: to show your finances, compute your spending plan and insights,
        send the reminders you ask for, and keep your account secure. We never sell your data, and
        we do not use it to build advertising profiles.
      </p>
    ),
  },
  {
    heading: 'Outside services (all optional)',
    body: (
      <>
        <p>
          Kinwise works on its own. Each of these services is off until the operator of this
          self-hosted server configures it, and is then used only for the feature named:
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <strong>Bank linking</strong> through a bank-data aggregator, when you choose to connect
            a bank. The aggregator receives your bank sign-in; we receive balances and transactions.
          </li>
          <li>
            <strong>Card billing</strong> through a payment provider, when you buy a paid plan. The
            provider handles your card; we learn only the plan and its status.
          </li>
          <li>
            <strong>AI insights</strong> through an AI provider, when you use the AI advisor or
            coaching. Only the figures needed to answer your question are sent.
          </li>
          <li>
            <strong>Accounting software integration</strong> (a premium feature), when you connect
            QuickBooks. The transactions you choose to sync are sent to it.
          </li>
          <li>
            <strong>Ads</strong> on the Free plan, when an ad network is configured. Ads never
            appear on sign-in, payment, profile or settings pages, and the network receives no
            financial data.
          </li>
        </ul>
      </>
    ),
  },
  {
    heading: 'Security',
    body: (
      <p>
        Traffic is protected by 256-bit encryption when the server is reached over HTTPS. Passwords
        are hashed, bank access tokens are encrypted at rest, and multi-factor authentication is
        available for every account and required before connecting a bank.
      </p>
    ),
  },
  {
    heading: 'Cookies and local storage',
    body: (
      <p>
        We use one cookie to keep you signed in. Your browser also keeps your light or dark theme
        and your latest financial mood in local storage; signing out clears it.
      </p>
    ),
  },
  {
    heading: 'How long we keep data',
    body: (
      <p>
        We keep your data while your account is open. After your account is terminated you can
        download it for 30 days; then it is deleted, along with the backups that hold it as they
        expire.
      </p>
    ),
  },
  {
    heading: 'Your rights and requests',
    body: (
      <p>
        You can see, correct, export and delete your data. For anything the app does not let you do
        yourself, write to the operator of this server. We answer privacy requests within 30 days.
      </p>
    ),
  },
  {
    heading: 'Changes to this policy',
    body: (
      <p>
        We will give you at least 30 days&apos; notice before a change to this policy takes effect.
      </p>
    ),
  },
]

export function PrivacyPage() {
  return (
    <LegalDocument
      title="Privacy Policy"
      updated="1 January 2025"
      intro={
        <p>
          This policy explains what the operator of this Kinwise server (&quot;we&quot;) does with
          your information. Kinwise is self-hosted: your data lives on this server, not with the
          authors of the software.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
