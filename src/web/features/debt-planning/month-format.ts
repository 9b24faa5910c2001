// A plan month ("2027-03") as people read it: "Mar 2027" in the user's locale.
const formats = new Map<string, Intl.DateTimeFormat>()

export function formatMonth(month: string, locale: string): string {
  const [y, m] = month.split('-').map(Number)
  if (y === undefined || m === undefined || Number.isNaN(y) || Number.isNaN(m)) return month
  let format = formats.get(locale)
  if (format === undefined) {
    try {
      format = new Intl.DateTimeFormat(locale, { month: 'short', year: 'numeric', timeZone: 'UTC' })
    } catch {
      format = new Intl.DateTimeFormat('en-US', {
        month: 'short',
        year: 'numeric',
        timeZone: 'UTC',
      })
    }
    if (formats.size < 20) formats.set(locale, format)
  }
  return format.format(new Date(Date.UTC(y, m - 1, 1)))
}
