// Previous / next over a long list of months, so a 30-year schedule is not one enormous table.
import { ChevronLeft, ChevronRight } from 'lucide-react'
import { Button } from '#src/web/components/ui/button'

export function Pager({
  page,
  pages,
  label,
  onChange,
}: {
  page: number
  pages: number
  /** what the current page shows: "Months 1–12 of 120" */
  label: string
  onChange: (page: number) => void
}) {
  if (pages <= 1) return null
  return (
    <div className="flex items-center justify-between gap-2 pt-2 text-sm">
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-disabled={page === 0}
        onClick={() => {
          if (page > 0) onChange(page - 1)
        }}
      >
        <ChevronLeft aria-hidden="true" />
        Earlier
      </Button>
      <p className="text-muted-foreground tabular-nums" aria-live="polite">
        {label}
      </p>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-disabled={page >= pages - 1}
        onClick={() => {
          if (page < pages - 1) onChange(page + 1)
        }}
      >
        Later
        <ChevronRight aria-hidden="true" />
      </Button>
    </div>
  )
}
