// The frame of a dashboard list card: title, a link to the full page, and its content.
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardHeader, CardTitle } from '#src/web/components/ui/card'

export function DashboardCard({
  id,
  title,
  linkTo,
  linkLabel,
  testId,
  action,
  children,
}: {
  id: string
  title: string
  linkTo?: string
  linkLabel?: string
  testId: string
  action?: ReactNode
  children: ReactNode
}) {
  return (
    <Card aria-labelledby={id} data-testid={testId} className="flex flex-col">
      <CardHeader className="flex-row items-center justify-between gap-2">
        <CardTitle id={id}>{title}</CardTitle>
        <div className="flex items-center gap-1">
          {action}
          {linkTo !== undefined && (
            <Button asChild variant="ghost" size="sm">
              <Link to={linkTo}>{linkLabel ?? 'View all'}</Link>
            </Button>
          )}
        </div>
      </CardHeader>
      <CardContent className="flex-1">{children}</CardContent>
    </Card>
  )
}
