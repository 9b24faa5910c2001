// A page whose full feature is built later: its title, what it will hold, and for a premium
// feature a note when the user's plan does not include it.
import { Construction, Lock } from 'lucide-react'
import { Link } from 'react-router'
import { hasPremiumAccess, tierLabel } from '../../domain/tiers'
import { useAuth } from '../lib/auth'
import { Alert } from './ui/alert'
import { Card, CardContent } from './ui/card'

export function PlaceholderPage({
  title,
  description,
  premium = false,
}: {
  title: string
  description: string
  premium?: boolean
}) {
  const { user } = useAuth()
  const locked = premium && user !== null && !hasPremiumAccess(user.subscriptionTier)
  return (
    <div className="mx-auto w-full max-w-5xl space-y-4 p-4 sm:p-6">
      <Card>
        <CardContent className="space-y-3 pt-5">
          <h2 className="text-xl font-semibold tracking-tight">{title}</h2>
          <p className="text-muted-foreground">{description}</p>
          {locked && user !== null && (
            <Alert variant="warning" data-testid="premium-note">
              <Lock aria-hidden="true" />
              <span>
                {title} is a premium feature, included in the Basic and Premium plans. Your{' '}
                {tierLabel(user.subscriptionTier)} plan does not include it.{' '}
                {user.role === 'owner' ? '' : 'The household’s owner manages the plan. '}
                <Link to="/subscription" className="font-medium underline underline-offset-4">
                  See the plans
                </Link>
              </span>
            </Alert>
          )}
          <p className="flex items-center gap-2 text-sm text-muted-foreground">
            <Construction className="size-4" aria-hidden="true" />
            This page is still being built. Your dashboard already shows a summary.
          </p>
        </CardContent>
      </Card>
    </div>
  )
}
