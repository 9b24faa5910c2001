// The dashboard's financial overview text block: a greeting and what the page shows.
import type { IsoDate } from '#src/domain/dates'

function greeting(hour: number): string {
  if (hour < 12) return 'Good morning'
  if (hour < 18) return 'Good afternoon'
  return 'Good evening'
}

function monthName(today: IsoDate, locale: string): string {
  const [y, m] = today.split('-').map(Number)
  if (y === undefined || m === undefined) return 'this month'
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', timeZone: 'UTC' }).format(
      new Date(Date.UTC(y, m - 1, 1)),
    )
  } catch {
    return 'this month'
  }
}

export function Overview({
  firstName,
  today,
  locale,
}: {
  firstName: string
  today: IsoDate
  locale: string
}) {
  const name = firstName.trim()
  return (
    <section aria-labelledby="overview-title">
      <h2 id="overview-title" className="text-2xl font-semibold tracking-tight">
        {greeting(new Date().getHours())}
        {name ? `, ${name}` : ''}
      </h2>
      <p className="mt-1 max-w-3xl text-sm text-muted-foreground">
        Here is your financial overview for {monthName(today, locale)}: what you can spend today,
        where your money went, the bills coming up and how your savings goals are doing. Everything
        updates as you add transactions.
      </p>
    </section>
  )
}
