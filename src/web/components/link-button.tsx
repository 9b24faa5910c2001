// A link to another page that looks like a button, with its icon in front: the page headers'
// way across (back to Transactions, on to Import or Rules).
import type { LucideIcon } from 'lucide-react'
import type { ReactNode } from 'react'
import { Link } from 'react-router'
import { Button } from './ui/button'

export function LinkButton({
  to,
  icon: Icon,
  variant,
  children,
}: {
  to: string
  icon: LucideIcon
  variant: 'outline' | 'ghost'
  children: ReactNode
}) {
  return (
    <Button asChild variant={variant}>
      <Link to={to}>
        <Icon aria-hidden="true" />
        {children}
      </Link>
    </Button>
  )
}
