// A category picker: parents and their children (indented), "Uncategorized" first.
import type { ComponentProps } from 'react'
import { Select } from '#src/web/components/ui/select'
import type { CategoryOption } from '#src/web/lib/queries/categories'

export function CategorySelect({
  options,
  noneLabel = 'Uncategorized',
  children,
  ...props
}: ComponentProps<typeof Select> & { options: CategoryOption[]; noneLabel?: string }) {
  return (
    <Select {...props}>
      <option value="">{noneLabel}</option>
      {children}
      {options.map((o) => (
        <option key={o.id} value={o.id}>
          {o.depth === 1 ? `\u00a0\u00a0\u00a0${o.label}` : o.label}
        </option>
      ))}
    </Select>
  )
}
