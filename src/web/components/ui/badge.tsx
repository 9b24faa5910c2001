// Small status label (shadcn style) with calm variants; colour is never the only signal.
import { cva, type VariantProps } from 'class-variance-authority'
import type { ComponentProps } from 'react'
import { cn } from '#src/web/lib/cn'

export const badgeVariants = cva(
  'inline-flex items-center gap-1 rounded-full border px-2 py-0.5 text-xs font-medium whitespace-nowrap [&_svg]:size-3',
  {
    variants: {
      variant: {
        default: 'border-transparent bg-primary text-primary-foreground',
        secondary: 'border-transparent bg-secondary text-secondary-foreground',
        outline: 'text-foreground',
        accent: 'border-transparent bg-accent text-accent-foreground',
        warning: 'border-transparent bg-warning-surface text-warning',
        danger: 'border-transparent bg-negative-surface text-negative',
        count:
          'min-w-5 justify-center border-transparent bg-destructive px-1.5 text-destructive-foreground tabular-nums',
      },
    },
    defaultVariants: { variant: 'default' },
  },
)

export type BadgeProps = ComponentProps<'span'> & VariantProps<typeof badgeVariants>

export function Badge({ className, variant, ...props }: BadgeProps) {
  return <span className={cn(badgeVariants({ variant }), className)} {...props} />
}
