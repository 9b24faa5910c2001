// Terms of Service: eligibility (18+), MFA before bank connections, plans, optional outside
// services, 30 days to download data after termination, 30 days' notice of changes.
import { LegalDocument, type LegalSection } from './legal-document'

const SECTIONS: readonly LegalSection[] = [
  {
    heading: 'Who may use Kinwise',
    body: (
      <p>
        You must be at least 18 years old to create an account or use Kinwise. By creating an
        account you confirm that you are 18 or older and that you accept these terms. A family
        member you invite to a household must also be 18 or older to hold their own sign-in.
      </p>
    ),
  },
  {
    heading: 'Your account',
    body: (
      <>
        <p>
          Keep your password private and the details of your account accurate. You are responsible
          for what happens under your account. Tell the operator of this server straight away if you
          think someone else has used it.
        </p>
        <p>
          You can turn on multi-factor authentication (MFA) for your account at any time in MFA
          settings; we strongly recommend it.
        </p>
      </>
    ),
  },
  {
    heading: 'Bank connections',
    body: (
      <>
        <p>
          Kinwise can link your bank accounts through a bank-data aggregator so that balances and
          transactions arrive on their own. Bank linking is optional and stays off until the
          operator of this server configures an aggregator; you can always import statement files
          instead.
        </p>
        <p>
          Multi-factor authentication is required on your Kinwise account before you can connect a
          bank. Connections are read-only: Kinwise never moves money. You can disconnect a bank at
          any time, and its access token is then deleted.
        </p>
      </>
    ),
  },
  {
    heading: 'Plans and billing',
    body: (
      <>
        <p>
          Kinwise has three plans: Free, Basic ($6 per month) and Premium ($8 per month). The Free
          plan shows ads. Bank connections, the AI advisor and coaching, smart insights, the
          automation center and the accounting software integration (QuickBooks) are premium
          features, included in Basic and Premium.
        </p>
        <p>
          When the operator has configured card billing, payments are handled by a payment provider;
          Kinwise never stores your full card number. Without card billing, the operator of this
          server assigns plans. You can cancel a paid plan at any time; it stays active until the
          end of the period you paid for.
        </p>
      </>
    ),
  },
  {
    heading: 'Insights are not financial advice',
    body: (
      <p>
        Budgets, allowances, scores, forecasts and AI insights are estimates to help you think about
        your money. They are not financial, tax, legal or investment advice. AI insights are
        optional and are only available when the operator has configured an AI provider. Check
        important decisions with a qualified professional.
      </p>
    ),
  },
  {
    heading: 'Your data',
    body: (
      <p>
        The financial data you enter, import or connect stays yours. You can export it at any time.
        How it is handled is described in the Privacy Policy. Do not upload data you have no right
        to use.
      </p>
    ),
  },
  {
    heading: 'Acceptable use',
    body: (
      <p>
        Do not try to reach other people&apos;s data, disrupt the service, probe it for weaknesses
        without the operator&apos;s permission, or use it for anything unlawful.
      </p>
    ),
  },
  {
    heading: 'Termination',
    body: (
      <>
        <p>
          You can close your account at any time. The operator may suspend or close an account that
          breaks these terms.
        </p>
        <p>
          After your account is terminated, your data remains available for you to download for 30
          days. After those 30 days it is permanently deleted, except where the law requires us to
          keep it longer.
        </p>
      </>
    ),
  },
  {
    heading: 'Changes to these terms',
    body: (
      <p>
        We will give you at least 30 days&apos; notice before a change to these terms takes effect,
        by e-mail or by a notice in the app. If you keep using Kinwise after that date, the new
        terms apply; if you do not agree, you can close your account and download your data first.
      </p>
    ),
  },
  {
    heading: 'Liability',
    body: (
      <p>
        Kinwise is provided as it is. To the extent the law allows, neither the authors of Kinwise
        nor the operator of this server are liable for indirect losses, or for decisions made on the
        basis of what the app shows.
      </p>
    ),
  },
]

export function TermsPage() {
  return (
    <LegalDocument
      title="Terms of Service"
      updated="1 January 2025"
      intro={
        <p>
          Kinwise is personal and family finance software that its operator hosts on their own
          server. These terms apply between you and the operator of this Kinwise server
          (&quot;we&quot;) whenever you use it.
        </p>
      }
      sections={SECTIONS}
    />
  )
}
