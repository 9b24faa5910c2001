// The public footer: the legal pages of docs/product.md §2 and a line about self-hosting.
import { Link } from 'react-router'
import { LogoMark } from './logo'

export function SiteFooter() {
  return (
    <footer className="border-t">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-muted-foreground sm:flex-row sm:items-center sm:justify-between sm:px-6">
        <div className="flex items-center gap-2">
          <LogoMark className="size-5" />
          <span>Kinwise · personal and family finance you host yourself</span>
        </div>
        <nav aria-label="Legal" className="flex gap-5">
          <Link to="/terms-of-service" className="hover:text-foreground hover:underline">
            Terms of Service
          </Link>
          <Link to="/privacy-policy" className="hover:text-foreground hover:underline">
            Privacy Policy
          </Link>
        </nav>
      </div>
    </footer>
  )
}
