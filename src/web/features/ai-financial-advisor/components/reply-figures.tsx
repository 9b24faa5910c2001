// The figures an answer used, as a small table under the reply: what each is, its value as the
// reply says it, and a link to what is behind it (the transactions with their filters, the goal,
// the bills) so every number can be checked.
import { ArrowUpRight } from 'lucide-react'
import { Link } from 'react-router'
import type { Figure } from '#src/contract/advisor'
import { internalHref } from '../chat'

export function ReplyFigures({ figures }: { figures: readonly Figure[] }) {
  if (figures.length === 0) return null
  return (
    <div className="mt-3 overflow-hidden rounded-lg border bg-card" data-testid="reply-figures">
      <table className="w-full text-sm">
        <caption className="border-b px-3 py-1.5 text-left text-xs font-medium text-muted-foreground">
          Figures used
        </caption>
        <tbody>
          {figures.map((figure, i) => {
            const href = internalHref(figure.href)
            return (
              <tr
                key={`${figure.label}-${i}`}
                className="border-b last:border-b-0"
                data-testid="figure-row"
              >
                <th scope="row" className="px-3 py-1.5 text-left font-normal">
                  {href === null ? (
                    figure.label
                  ) : (
                    <Link
                      to={href}
                      className="inline-flex items-start gap-1 text-primary underline-offset-4 hover:underline"
                    >
                      {figure.label}
                      <ArrowUpRight className="mt-0.5 size-3.5 shrink-0" aria-hidden="true" />
                    </Link>
                  )}
                </th>
                <td className="money px-3 py-1.5 text-right whitespace-nowrap">{figure.value}</td>
              </tr>
            )
          })}
        </tbody>
      </table>
    </div>
  )
}
