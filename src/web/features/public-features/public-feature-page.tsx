// What a signed-out visitor sees on a feature's path (docs/product.md §2): a short public
// description of the feature and a call to sign in.
import { ArrowRight, Lock } from 'lucide-react'
import { Link, useLocation } from 'react-router'
import { Button } from '#src/web/components/ui/button'
import { Badge } from '#src/web/components/ui/badge'

type PublicFeature = {
  title: string
  summary: string
  points: readonly string[]
  premium?: boolean
}

const FEATURES: Record<string, PublicFeature> = {
  '/transactions': {
    title: 'Transactions',
    summary: 'Every purchase and payday in one searchable list.',
    points: [
      'Add transactions by hand or import bank statements',
      'Categorize, split and search in seconds',
      'Spot transfers between your own accounts automatically',
    ],
  },
  '/accounts': {
    title: 'Accounts',
    summary: 'Checking, savings, cards, loans and investments side by side.',
    points: [
      'Balances that stay up to date with every entry',
      'Your net worth as the sum of everything',
      'Reconcile with your bank statement',
    ],
  },
  '/spending-plan': {
    title: 'Smart Spending Plan',
    summary: 'One daily number: what you can spend today without touching bills or goals.',
    points: [
      'Computed from income, upcoming bills and goal contributions',
      'Budgets per category with gentle warnings',
      'Adjusts every day as the month goes on',
    ],
  },
  '/goals': {
    title: 'Savings Goals',
    summary: 'Save for what matters and see whether you are on schedule.',
    points: [
      'Target amounts and dates',
      'Monthly contributions built into your plan',
      'Ahead or behind schedule, at a glance',
    ],
  },
  '/bills': {
    title: 'Bills',
    summary: 'Never miss a due date again.',
    points: [
      'Weekly, monthly and yearly bills',
      'Colour-coded urgency as due dates approach',
      'Mark paid and the next due date moves on',
    ],
  },
  '/investments': {
    title: 'Investments',
    summary: 'Follow your portfolio alongside your everyday money.',
    points: [
      'Holdings and their value over time',
      'Allocation by type of asset',
      'Part of your net worth automatically',
    ],
  },
  '/reports': {
    title: 'Reports',
    summary: 'Clear charts of where your money comes from and where it goes.',
    points: ['Spending by category and month', 'Income against expenses', 'Net worth over time'],
  },
  '/family': {
    title: 'Family',
    summary: 'Manage household money together.',
    points: [
      'Invite the people you share money with',
      'Shared accounts, budgets and goals',
      'Everyone sees the same plan',
    ],
  },
  '/profile': {
    title: 'Profile',
    summary: 'Your name, currency, language and time zone.',
    points: [
      'Amounts shown in the currency you choose',
      'Dates counted in your own time zone',
      'Your data, exportable at any time',
    ],
  },
  '/reminders': {
    title: 'Reminders',
    summary: 'Timely nudges for bills, goal deadlines and budget limits.',
    points: [
      'Created for you as bills come due',
      'Your own custom reminders',
      'Mark read, complete or dismiss in one click',
    ],
  },
  '/ai-coaching': {
    title: 'AI Coaching',
    summary: 'Personal coaching on your habits, built from your own figures.',
    points: [
      'Weekly suggestions you can act on',
      'Explains what changed and why',
      'Optional, and off until your server enables it',
    ],
    premium: true,
  },
  '/ml-insights': {
    title: 'Smart Insights',
    summary: 'Patterns in your spending that are easy to miss.',
    points: [
      'Unusual charges flagged',
      'Recurring payments detected',
      'Forecasts of the month ahead',
    ],
    premium: true,
  },
  '/ai-financial-advisor': {
    title: 'AI Advisor',
    summary: 'Ask questions about your money in plain language.',
    points: [
      'Answers grounded in your accounts and budgets',
      'Ideas to reach your goals sooner',
      'Never moves money on its own',
    ],
    premium: true,
  },
  '/subscription': {
    title: 'Plans',
    summary: 'Start free. Upgrade when you want more.',
    points: [
      'Free: every core feature, with ads',
      'Basic ($6/month): premium features, no ads',
      'Premium ($8/month): the most AI and bank connections',
    ],
  },
  '/bank-connections': {
    title: 'Bank Connections',
    summary: 'Link your banks so transactions arrive on their own.',
    points: [
      'Read-only connections through a bank-data aggregator',
      'Multi-factor authentication required first',
      'Disconnect at any time',
    ],
    premium: true,
  },
  '/savings-challenges': {
    title: 'Savings Challenges',
    summary: 'Make saving a game you can win.',
    points: [
      'No-spend weeks and round-up challenges',
      'Track streaks and progress',
      'Celebrate every milestone',
    ],
  },
  '/debt-planning': {
    title: 'Debt Planning',
    summary: 'A clear path to debt-free.',
    points: [
      'Snowball and avalanche plans compared',
      'Your payoff date and total interest',
      'Extra payments modelled instantly',
    ],
  },
  '/retirement-planning': {
    title: 'Retirement Planning',
    summary: 'See whether you are on track for the retirement you want.',
    points: [
      'Projections from your savings rate',
      'What-if scenarios for contributions',
      'In today’s money, easy to read',
    ],
  },
}

export function PublicFeaturePage() {
  const { pathname } = useLocation()
  const feature = FEATURES[pathname.replace(/\/+$/, '')]
  if (feature === undefined) return null
  return (
    <section
      className="mx-auto w-full max-w-3xl px-4 py-16 sm:px-6"
      aria-labelledby="feature-title"
    >
      <div className="flex flex-wrap items-center gap-3">
        <h1 id="feature-title" className="text-3xl font-bold tracking-tight">
          {feature.title}
        </h1>
        {feature.premium === true && <Badge variant="accent">Premium</Badge>}
      </div>
      <p className="mt-3 text-lg text-muted-foreground">{feature.summary}</p>
      <ul className="mt-8 space-y-3">
        {feature.points.map((point) => (
          <li key={point} className="flex gap-3 rounded-lg border bg-card p-4">
            <ArrowRight className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            <span>{point}</span>
          </li>
        ))}
      </ul>
      <div className="mt-10 flex flex-col items-start gap-3 rounded-xl border bg-accent/50 p-6 sm:flex-row sm:items-center sm:justify-between">
        <p className="flex items-center gap-2 font-medium">
          <Lock className="size-4" aria-hidden="true" />
          Sign in or create a free account to get started.
        </p>
        <Button asChild>
          <Link to="/auth/login">Sign in to get started</Link>
        </Button>
      </div>
    </section>
  )
}
