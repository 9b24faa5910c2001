// Managing categories: add one (in a group, or as a new group: one level of nesting), rename in
// place, move it to another group (a select, so the keyboard can do it) or out of any, hide one you no longer use, merge one into
// another (its transactions, budgets and bills move over) or delete it.
import { zodResolver } from '@hookform/resolvers/zod'
import { Eye, EyeOff, GitMerge, Plus, Trash2 } from 'lucide-react'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { createCategoryBody, type Category } from '#src/contract/categories'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { categoryOptions } from '#src/web/lib/queries/categories'
import { toast } from '#src/web/lib/toast'
import {
  useCreateCategory,
  useDeleteCategory,
  useMergeCategory,
  useUpdateCategory,
} from '../api/manage-categories'

const fields = createCategoryBody.shape
const newCategorySchema = z.object({
  name: fields.name,
  parentId: z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(fields.parentId.unwrap()),
  kind: fields.kind.unwrap(),
})
type NewInput = z.input<typeof newCategorySchema>
type NewOutput = z.output<typeof newCategorySchema>

function failed(error: unknown) {
  toast({ variant: 'destructive', title: 'Not saved', description: errorMessage(error) })
}

function NewCategoryForm({ parents }: { parents: Category[] }) {
  const create = useCreateCategory()
  const form = useForm<NewInput, unknown, NewOutput>({
    resolver: zodResolver(newCategorySchema),
    defaultValues: { name: '', parentId: '', kind: 'expense' },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      const created = await create.mutateAsync({ ...v, color: null })
      toast({ title: 'Category added', description: `${created.name} is ready to use.` })
      form.reset({ name: '', parentId: v.parentId ?? '', kind: v.kind })
    } catch {
      // shown below
    }
  })
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-label="New category"
      className="grid gap-3 rounded-lg border p-3 sm:grid-cols-[1fr_10rem_8rem_auto] sm:items-end"
    >
      <FormField label="New category" error={errors.name?.message}>
        {(control) => <Input {...control} placeholder="e.g. Coffee" {...form.register('name')} />}
      </FormField>
      <FormField label="Group" error={errors.parentId?.message}>
        {(control) => (
          <Select {...control} {...form.register('parentId')}>
            <option value="">None: a new group</option>
            {parents.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormField label="Kind">
        {(control) => (
          <Select {...control} {...form.register('kind')}>
            <option value="expense">Spending</option>
            <option value="income">Income</option>
          </Select>
        )}
      </FormField>
      <Button type="submit" disabled={isSubmitting}>
        <Plus aria-hidden="true" />
        Add
      </Button>
      <div className="sm:col-span-4">
        <FormError error={create.error} />
      </div>
    </form>
  )
}

function NameInput({ category }: { category: Category }) {
  const update = useUpdateCategory()
  const [text, setText] = useState<string | null>(null)
  const commit = () => {
    if (text === null) return
    const parsed = fields.name.safeParse(text)
    setText(null)
    if (!parsed.success) {
      toast({
        variant: 'destructive',
        title: 'Not renamed',
        description: parsed.error.issues[0]?.message,
      })
      return
    }
    if (parsed.data === category.name) return
    update.mutate({ id: category.id, body: { name: parsed.data } }, { onError: failed })
  }
  return (
    <Input
      aria-label={`Name of ${category.name}`}
      className={cn('h-9', category.isHidden && 'text-muted-foreground')}
      value={text ?? category.name}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') {
          e.preventDefault()
          commit()
        } else if (e.key === 'Escape') setText(null)
      }}
    />
  )
}

export function CategoryManagerDialog({
  open,
  onOpenChange,
  categories,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
  categories: Category[]
}) {
  const update = useUpdateCategory()
  const merge = useMergeCategory()
  const remove = useDeleteCategory()
  const [merging, setMerging] = useState<Category | null>(null)
  const [mergeInto, setMergeInto] = useState('')
  const [deleting, setDeleting] = useState<Category | null>(null)
  const ordered = categoryOptions(categories, { includeHidden: true })
  const hasChildren = (id: string) => categories.some((c) => c.parentId === id)
  const parentsFor = (c: Category) =>
    categories.filter((p) => p.parentId === null && p.id !== c.id && p.kind === c.kind)
  const topLevel = categories.filter((c) => c.parentId === null && !c.isHidden)

  return (
    <>
      <FormDialog
        open={open}
        onOpenChange={onOpenChange}
        title="Categories"
        className="max-w-3xl"
        description="Group spending the way you think about it: a category with no group is a group of its own, and others can go in it (one level). Moving one keeps its transactions. A budget on a group covers the whole group; without one, its subcategories' budgets add up."
      >
        <NewCategoryForm parents={topLevel} />
        <ul className="divide-y rounded-lg border" aria-label="Categories">
          {ordered.map(({ category: c, depth }) => (
            <li
              key={c.id}
              className={cn(
                'grid grid-cols-[1fr_auto] items-center gap-2 px-3 py-2 sm:grid-cols-[1fr_11rem_auto]',
                depth === 1 && 'sm:pl-8',
              )}
              data-testid="category-item"
            >
              <NameInput category={c} />
              <Select
                aria-label={`Group of ${c.name}`}
                className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto [&_select]:h-9"
                value={c.parentId ?? ''}
                disabled={hasChildren(c.id)}
                title={hasChildren(c.id) ? 'A group with subcategories stays a group' : undefined}
                onChange={(e) =>
                  update.mutate(
                    { id: c.id, body: { parentId: e.target.value === '' ? null : e.target.value } },
                    { onError: failed },
                  )
                }
              >
                <option value="">{hasChildren(c.id) ? 'A group' : 'No group'}</option>
                {parentsFor(c).map((p) => (
                  <option key={p.id} value={p.id}>
                    In {p.name}
                  </option>
                ))}
              </Select>
              <div className="flex items-center justify-end gap-0.5">
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={c.isHidden ? `Show ${c.name}` : `Hide ${c.name}`}
                  title={c.isHidden ? 'Hidden: show it again' : 'Hide'}
                  onClick={() =>
                    update.mutate(
                      { id: c.id, body: { isHidden: !c.isHidden } },
                      { onError: failed },
                    )
                  }
                >
                  {c.isHidden ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Merge ${c.name} into another category`}
                  title="Merge into…"
                  onClick={() => {
                    setMergeInto('')
                    setMerging(c)
                  }}
                >
                  <GitMerge aria-hidden="true" />
                </Button>
                <Button
                  variant="ghost"
                  size="icon-sm"
                  aria-label={`Delete ${c.name}`}
                  title="Delete"
                  onClick={() => setDeleting(c)}
                >
                  <Trash2 aria-hidden="true" />
                </Button>
              </div>
            </li>
          ))}
        </ul>
      </FormDialog>
      <ConfirmDialog
        open={merging !== null}
        onOpenChange={(o) => {
          if (!o) {
            setMerging(null)
            merge.reset()
          }
        }}
        title={merging === null ? 'Merge' : `Merge ${merging.name} into…`}
        description={
          <p>
            Its transactions, splits, budgets and bills move to the category you choose, and{' '}
            {merging?.name ?? 'it'} goes away.
          </p>
        }
        destructive={false}
        confirmLabel="Merge"
        pendingLabel="Merging…"
        pending={merge.isPending}
        error={merge.error}
        onConfirm={() => {
          if (merging === null || mergeInto === '') return
          merge.mutate(
            { id: merging.id, intoId: mergeInto },
            {
              onSuccess: (into) => {
                toast({
                  title: 'Categories merged',
                  description: `${merging.name} is now part of ${into.name}.`,
                })
                setMerging(null)
              },
            },
          )
        }}
      >
        <FormField label="Merge into">
          {(control) => (
            <Select {...control} value={mergeInto} onChange={(e) => setMergeInto(e.target.value)}>
              <option value="">Choose a category…</option>
              {ordered
                .filter((o) => o.id !== merging?.id)
                .map((o) => (
                  <option key={o.id} value={o.id}>
                    {o.depth === 1 ? `\u00a0\u00a0\u00a0${o.label}` : o.label}
                  </option>
                ))}
            </Select>
          )}
        </FormField>
      </ConfirmDialog>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o) {
            setDeleting(null)
            remove.reset()
          }
        }}
        title={deleting === null ? 'Delete' : `Delete ${deleting.name}?`}
        description={
          <p>
            Its transactions become uncategorized and its budgets are removed. To keep them, merge
            it into another category instead.
          </p>
        }
        confirmLabel="Delete category"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting === null) return
          remove.mutate(deleting.id, { onSuccess: () => setDeleting(null) })
        }}
      />
    </>
  )
}
