// What to do with the selected transactions: give them a category (at once, optimistically) or
// delete them (after asking).
import { Tags, Trash2, X } from 'lucide-react'
import { useState } from 'react'
import { Button } from '#src/web/components/ui/button'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { CategorySelect } from './category-select'

export function BulkBar({
  count,
  categories,
  onCategorize,
  onDelete,
  onClear,
  busy,
}: {
  count: number
  categories: CategoryOption[]
  onCategorize: (categoryId: string | null) => void
  onDelete: () => void
  onClear: () => void
  busy: boolean
}) {
  const [category, setCategory] = useState('')
  return (
    <div
      role="region"
      aria-label="Selected transactions"
      data-testid="bulk-bar"
      className="sticky top-[4.5rem] z-20 flex flex-wrap items-center gap-2 rounded-xl border bg-popover p-2 pl-4 shadow-md"
    >
      <p className="mr-auto text-sm font-medium" aria-live="polite">
        {count} selected
      </p>
      <CategorySelect
        aria-label="Category for the selected transactions"
        className="w-full sm:w-56"
        options={categories}
        noneLabel="Choose a category…"
        value={category}
        onChange={(e) => setCategory(e.target.value)}
      >
        <option value="none">Uncategorized</option>
      </CategorySelect>
      <Button
        variant="outline"
        disabled={category === '' || busy}
        onClick={() => onCategorize(category === 'none' ? null : category)}
      >
        <Tags aria-hidden="true" />
        Categorize
      </Button>
      <Button variant="outline" className="text-negative" onClick={onDelete} disabled={busy}>
        <Trash2 aria-hidden="true" />
        Delete
      </Button>
      <Button variant="ghost" size="icon" aria-label="Clear selection" onClick={onClear}>
        <X aria-hidden="true" />
      </Button>
    </div>
  )
}
