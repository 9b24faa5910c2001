// The onboarding flow (docs/product.md §2, §4): four steps (welcome, track, plan, secure) with
// Next, Skip to end and, on the last step, Get Started, which posts completion and goes to / even
// if that fails.
import { ChartPie, PartyPopper, ShieldCheck, Wallet, type LucideIcon } from 'lucide-react'
import { useState } from 'react'
import { useNavigate } from 'react-router'
import { Logo } from '#src/web/components/logo'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'
import { useAuth } from '#src/web/lib/auth'
import { cn } from '#src/web/lib/cn'
import { useCompleteOnboarding } from './api/complete-onboarding'
import { useDocumentTitle } from '#src/web/lib/document-title'

type Step = {
  id: 'welcome' | 'track' | 'plan' | 'secure'
  title: string
  text: string
  points: string[]
  icon: LucideIcon
}

function steps(firstName: string): Step[] {
  return [
    {
      id: 'welcome',
      title: firstName ? `Welcome to Kinwise, ${firstName}!` : 'Welcome to Kinwise!',
      text: 'Kinwise brings your accounts, budgets, goals and bills together, and turns them into one number: what you can spend today.',
      points: ['Takes about a minute to set up', 'Works for you alone or your whole family'],
      icon: PartyPopper,
    },
    {
      id: 'track',
      title: 'Track every account',
      text: 'Add your checking, savings, cards and loans. Enter transactions by hand or import the statements your bank already gives you.',
      points: [
        'OFX, QFX, QIF, CSV and CAMT.053 statement imports',
        'Your net worth, always up to date',
      ],
      icon: Wallet,
    },
    {
      id: 'plan',
      title: 'Plan with a daily allowance',
      text: 'Your Smart Spending Plan sets aside what your bills and goals need and spreads the rest over the days left in the month.',
      points: ['Budgets per category with gentle warnings', 'Reminders before bills are due'],
      icon: ChartPie,
    },
    {
      id: 'secure',
      title: 'Your data stays yours',
      text: 'Kinwise runs on your own server. Your information is protected with 256-bit encryption and is never sold.',
      points: [
        'Multi-factor authentication for your account',
        'Export or delete your data at any time',
      ],
      icon: ShieldCheck,
    },
  ]
}

export function OnboardingPage() {
  useDocumentTitle('Welcome · Kinwise')
  const { user } = useAuth()
  const navigate = useNavigate()
  const complete = useCompleteOnboarding()
  const [index, setIndex] = useState(0)
  const all = steps(user?.firstName.trim() ?? '')
  const last = all.length - 1
  const step = all[Math.min(index, last)] ?? all[0]
  if (step === undefined) return null
  const Icon = step.icon

  const finish = () => {
    complete.mutate(undefined, { onSettled: () => navigate('/', { replace: true }) })
  }

  return (
    <div className="flex min-h-dvh flex-col bg-background">
      <header className="mx-auto flex h-16 w-full max-w-3xl items-center px-4 sm:px-6">
        <Logo />
      </header>
      <main
        id="main"
        className="flex flex-1 items-start justify-center px-4 pt-6 pb-12 sm:items-center"
      >
        <Card className="w-full max-w-lg" aria-labelledby="onboarding-title" data-step={step.id}>
          <CardContent className="p-6 sm:p-8">
            <div className="flex items-center justify-between">
              <p className="text-sm font-medium text-muted-foreground" aria-live="polite">
                Step {index + 1} of {all.length}
              </p>
              <ol className="flex gap-1.5" aria-hidden="true">
                {all.map((s, i) => (
                  <li
                    key={s.id}
                    className={cn('h-1.5 w-8 rounded-full', i <= index ? 'bg-primary' : 'bg-muted')}
                  />
                ))}
              </ol>
            </div>
            <span className="mt-8 inline-flex size-12 items-center justify-center rounded-xl bg-accent text-accent-foreground">
              <Icon className="size-6" aria-hidden="true" />
            </span>
            <h1 id="onboarding-title" className="mt-4 text-2xl font-bold tracking-tight">
              {step.title}
            </h1>
            <p className="mt-3 leading-relaxed text-muted-foreground">{step.text}</p>
            <ul className="mt-5 space-y-2 text-sm">
              {step.points.map((point) => (
                <li key={point} className="flex items-center gap-2">
                  <span className="size-1.5 rounded-full bg-primary" aria-hidden="true" />
                  {point}
                </li>
              ))}
            </ul>
            <div className="mt-8 flex flex-wrap items-center justify-between gap-3">
              {index < last ? (
                <Button variant="ghost" onClick={() => setIndex(last)}>
                  Skip to end
                </Button>
              ) : (
                <Button variant="ghost" onClick={() => setIndex(index - 1)}>
                  Back
                </Button>
              )}
              {index < last ? (
                <Button onClick={() => setIndex(index + 1)}>Next</Button>
              ) : (
                <Button onClick={finish} disabled={complete.isPending}>
                  {complete.isPending ? 'Getting started…' : 'Get Started'}
                </Button>
              )}
            </div>
          </CardContent>
        </Card>
      </main>
    </div>
  )
}
