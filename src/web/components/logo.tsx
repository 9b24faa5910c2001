// The Kinwise mark and word, linking home. On the landing page's first download, so it joins
// classes with clsx alone (no tailwind-merge).
import { Link } from 'react-router'
import { clsx } from 'clsx'

export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={clsx('size-7', className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <path
        d="M10 8v16M10 16l9-8M13.5 13.2 21 24"
        className="stroke-primary-foreground"
        strokeWidth="3"
        strokeLinecap="round"
        strokeLinejoin="round"
        fill="none"
      />
    </svg>
  )
}

export function Logo({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={clsx(
        'inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight',
        className,
      )}
      aria-label="Kinwise home"
    >
      <LogoMark />
      <span>Kinwise</span>
    </Link>
  )
}
