// "Make a rule…" for an insight whose payee has no category to suggest (uncategorised rows
// without a suggestion, an unusual charge without a category): the member picks the category,
// and the rule "payee contains …" is made through POST /api/rules like any other.
import { useQuery } from '@tanstack/react-query'
import { zodResolver } from '@hookform/resolvers/zod'
import { useState } from 'react'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import type { InsightAction } from '#src/contract/insights'
import { id } from '#src/contract/common'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Select } from '#src/web/components/ui/select'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'

type RuleAction = Extract<InsightAction, { action: 'rule' }>

const schema = z.object({
  categoryId: z.string().min(1, 'Choose a category').pipe(id),
})
type FormInput = z.input<typeof schema>
type FormOutput = z.output<typeof schema>

export function RuleCategoryDialog({
  action,
  onOpenChange,
  onMake,
}: {
  action: RuleAction | null
  onOpenChange: (open: boolean) => void
  /** makes the rule with the chosen category; rejects with the server's answer */
  onMake: (rule: RuleAction) => Promise<void>
}) {
  return (
    <FormDialog
      open={action !== null}
      onOpenChange={onOpenChange}
      title="Make a rule"
      description={
        action === null
          ? ''
          : `Transactions whose payee contains “${action.payee}” get the category you choose, from the next import on.`
      }
    >
      {action !== null && (
        <RuleForm action={action} onMake={onMake} onCancel={() => onOpenChange(false)} />
      )}
    </FormDialog>
  )
}

function RuleForm({
  action,
  onMake,
  onCancel,
}: {
  action: RuleAction
  onMake: (rule: RuleAction) => Promise<void>
  onCancel: () => void
}) {
  const categories = useQuery(categoriesQuery)
  const options = categoryOptions(categories.data ?? [])
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { categoryId: '' },
  })
  const [failed, setFailed] = useState<unknown>(null)
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    setFailed(null)
    try {
      await onMake({ ...action, categoryId: v.categoryId })
    } catch (error) {
      setFailed(error)
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Make a rule">
      <FormField label="Category" error={errors.categoryId?.message}>
        {(control) => (
          <Select {...control} {...form.register('categoryId')}>
            <option value="">Choose a category…</option>
            {options.map((c) => (
              <option key={c.id} value={c.id}>
                {c.depth === 1 ? `— ${c.label}` : c.label}
              </option>
            ))}
          </Select>
        )}
      </FormField>
      <FormError error={failed} />
      <div className="flex justify-end gap-2">
        <Button type="button" variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          Make the rule
        </Button>
      </div>
    </form>
  )
}
