// The landing page for visitors (docs/product.md §1, §2): header with Sign In, hero with Get
// Started Free and Learn More, the three feature cards, a closing call to action and the legal
// footer. It is the first download for visitors, so it styles links with buttonVariants (no Slot,
// no tailwind-merge) to stay within the landing page's JavaScript budget.
import type { ComponentType } from 'react'
import { Link } from 'react-router'
import { Logo } from '#src/web/components/logo'
import { SiteFooter } from '#src/web/components/site-footer'
import { ThemeToggle } from '#src/web/components/theme-toggle'
import { clsx } from 'clsx'
import { buttonVariants } from '#src/web/components/ui/button-variants'
import {
  ArrowRightIcon,
  ChartPieIcon,
  ShieldCheckIcon,
  WalletIcon,
} from '#src/web/components/line-icons'
import { useDocumentTitle } from '#src/web/lib/document-title'

type Feature = { title: string; text: string; icon: ComponentType<{ className?: string }> }

const FEATURES: readonly Feature[] = [
  {
    title: 'Smart Spending Plan',
    text: 'A daily spending allowance computed from your income, bills and goals, so you always know what you can spend today.',
    icon: ChartPieIcon,
  },
  {
    title: 'All Your Accounts',
    text: 'Every account in one place: connected accounts with real-time balances and transaction sync, or simple statement imports.',
    icon: WalletIcon,
  },
  {
    title: 'Bank-Level Security',
    text: '256-bit encryption protects your information, and your data is never sold. Host it yourself and it never leaves your server.',
    icon: ShieldCheckIcon,
  },
]

function HeroPreview() {
  return (
    <div aria-hidden="true" className="relative mx-auto w-full max-w-sm">
      <div className="absolute -inset-4 rounded-3xl bg-accent/60 blur-2xl" />
      <div className="relative space-y-3 rounded-2xl border bg-card p-5 shadow-lg">
        <p className="text-xs font-medium tracking-wide text-muted-foreground uppercase">
          Available today
        </p>
        <p className="money text-4xl font-semibold">$48.20</p>
        <p className="text-sm text-muted-foreground">$723.00 left this month over 15 days</p>
        <div className="space-y-2 pt-2">
          {[
            ['Groceries', 62],
            ['Dining out', 38],
            ['Transport', 24],
          ].map(([label, width]) => (
            <div key={label} className="space-y-1">
              <div className="flex justify-between text-xs">
                <span>{label}</span>
                <span className="text-muted-foreground">{width}% of budget</span>
              </div>
              <div className="h-1.5 rounded-full bg-muted">
                <div className="h-full rounded-full bg-primary" style={{ width: `${width}%` }} />
              </div>
            </div>
          ))}
        </div>
      </div>
    </div>
  )
}

export function LandingPage() {
  useDocumentTitle('Kinwise · Personal and family finance')
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="sticky top-0 z-30 border-b bg-background/90 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-6xl items-center justify-between px-4 sm:px-6">
          <Logo />
          <div className="flex items-center gap-2">
            <ThemeToggle />
            <Link to="/auth/login" className={buttonVariants()}>
              Sign In
            </Link>
          </div>
        </div>
      </header>

      <main id="main" className="flex-1">
        <section
          aria-labelledby="hero-title"
          className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-2"
        >
          <div>
            <p className="text-sm font-semibold text-primary">Personal and family finance</p>
            <h1
              id="hero-title"
              className="mt-3 text-4xl font-bold tracking-tight text-balance sm:text-5xl"
            >
              Know what you can spend today, and where the rest is going.
            </h1>
            <p className="mt-5 max-w-xl text-lg text-muted-foreground">
              Smart budgeting, automated insights and financial tracking for you and your family.
              Kinwise turns your income, bills and goals into one daily number you can trust.
            </p>
            <div className="mt-8 flex flex-wrap gap-3">
              <Link to="/auth/login" className={buttonVariants({ size: 'lg' })}>
                Get Started Free
                <ArrowRightIcon />
              </Link>
              <a href="#features" className={buttonVariants({ size: 'lg', variant: 'outline' })}>
                Learn More
              </a>
            </div>
          </div>
          <HeroPreview />
        </section>

        <section
          id="features"
          aria-labelledby="features-title"
          className="scroll-mt-20 border-y bg-card/60"
        >
          <div className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
            <h2 id="features-title" className="text-center text-3xl font-bold tracking-tight">
              Everything your money needs, in one calm place
            </h2>
            <p className="mx-auto mt-3 max-w-2xl text-center text-muted-foreground">
              Budgets that adapt to real life, every account at a glance, and security you do not
              have to think about.
            </p>
            <ul className="mt-12 grid gap-6 md:grid-cols-3">
              {FEATURES.map(({ title, text, icon: Icon }) => (
                <li key={title} className="rounded-xl border bg-card p-6 shadow-xs">
                  <span className="inline-flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                    <Icon className="size-5" />
                  </span>
                  <h3 className="mt-4 text-lg font-semibold">{title}</h3>
                  <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
                </li>
              ))}
            </ul>
          </div>
        </section>

        <section
          aria-labelledby="cta-title"
          className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-24"
        >
          <div className="rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground sm:px-12 dark:bg-accent dark:text-accent-foreground">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight">
              Take control of your money today
            </h2>
            <p className="mx-auto mt-3 max-w-xl opacity-90">
              Create your free account in a minute. No card needed, and your data stays yours.
            </p>
            <Link
              to="/auth/login"
              className={clsx(buttonVariants({ size: 'lg', variant: 'secondary' }), 'mt-8')}
            >
              Get Started Free
            </Link>
          </div>
        </section>
      </main>

      <SiteFooter />
    </div>
  )
}
