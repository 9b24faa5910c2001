// Splitting one transaction across categories: a line per category with its amount and a memo;
// what is left to assign is shown as you type, and the split saves only when it adds up.
import { zodResolver } from '@hookform/resolvers/zod'
import { Plus, Trash2 } from 'lucide-react'
import { useFieldArray, useForm, useWatch } from 'react-hook-form'
import { z } from 'zod'
import { nonNegativeMoney } from '#src/contract/common'
import { createTransactionBody, type Transaction } from '#src/contract/transactions'
import { absCents, asCents, type Cents } from '#src/domain/money'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Money } from '#src/web/components/money'
import { Button } from '#src/web/components/ui/button'
import { Input } from '#src/web/components/ui/input'
import { cn } from '#src/web/lib/cn'
import { centsToText, moneyText, parseAmountText } from '#src/web/lib/money-input'
import type { CategoryOption } from '#src/web/lib/queries/categories'
import { useUpdateTransaction } from '../api/save-transaction'
import { CategorySelect } from './category-select'

const splitFields = createTransactionBody.shape.splits.unwrap().element.shape

const lineSchema = z.object({
  categoryId: z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(splitFields.categoryId),
  amount: moneyText(nonNegativeMoney),
  memo: splitFields.memo,
})

function splitSchema(total: Cents) {
  return z
    .object({ lines: z.array(lineSchema).min(2, 'A split needs at least two parts') })
    .refine((v) => v.lines.reduce((sum, l) => sum + l.amount, 0) === total, {
      message: 'The parts must add up to the transaction amount',
      path: ['lines'],
    })
}

type SplitInput = z.input<ReturnType<typeof splitSchema>>
type SplitOutput = z.output<ReturnType<typeof splitSchema>>

/** The cents a line's text reads as, for the live total (0 while it is not a number yet). */
function lineCents(text: string | undefined): number {
  const n = parseAmountText(text ?? '')
  if (n === null) return 0
  const parsed = nonNegativeMoney.safeDecode(n)
  return parsed.success ? parsed.data : 0
}

export function SplitDialog({
  transaction,
  categories,
  onOpenChange,
}: {
  transaction: Transaction | null
  categories: CategoryOption[]
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={transaction !== null}
      onOpenChange={onOpenChange}
      title="Split transaction"
      className="max-w-2xl"
      description="Spread this amount over several categories. The parts must add up to the total."
    >
      {transaction !== null && (
        <SplitForm
          transaction={transaction}
          categories={categories}
          onDone={() => onOpenChange(false)}
        />
      )}
    </FormDialog>
  )
}

function SplitForm({
  transaction,
  categories,
  onDone,
}: {
  transaction: Transaction
  categories: CategoryOption[]
  onDone: () => void
}) {
  const total = absCents(transaction.amount)
  const update = useUpdateTransaction()
  const initial: SplitInput['lines'] =
    transaction.splits.length > 0
      ? transaction.splits.map((s) => ({
          categoryId: s.categoryId ?? '',
          amount: centsToText(absCents(s.amount)),
          memo: s.memo,
        }))
      : [
          { categoryId: transaction.categoryId ?? '', amount: centsToText(total), memo: '' },
          { categoryId: '', amount: '', memo: '' },
        ]
  const form = useForm<SplitInput, unknown, SplitOutput>({
    resolver: zodResolver(splitSchema(total)),
    defaultValues: { lines: initial },
  })
  const { fields, append, remove } = useFieldArray({ control: form.control, name: 'lines' })
  const lines = useWatch({ control: form.control, name: 'lines' })
  const assigned = lines.reduce((sum, l) => sum + lineCents(l.amount), 0)
  const left = asCents(total - assigned)
  const { errors, isSubmitting } = form.formState
  const type = transaction.amount < 0 ? 'expense' : 'income'

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      await update.mutateAsync({
        id: transaction.id,
        body: { type, amount: total, splits: values.lines },
      })
      onDone()
    } catch {
      // shown below
    }
  })

  const unsplit = async () => {
    try {
      await update.mutateAsync({
        id: transaction.id,
        body: { splits: [], categoryId: transaction.splits[0]?.categoryId ?? null },
      })
      onDone()
    } catch {
      // shown below
    }
  }

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Split">
      <p className="flex items-baseline justify-between text-sm">
        <span className="text-muted-foreground">Total</span>
        <Money value={total} className="font-semibold" />
      </p>
      <ul className="grid gap-3">
        {fields.map((field, index) => {
          const lineError = errors.lines?.[index]
          return (
            <li
              key={field.id}
              className="grid grid-cols-[1fr_7rem_auto] gap-2 sm:grid-cols-[1fr_7rem_1fr_auto]"
              data-testid="split-line"
            >
              <CategorySelect
                aria-label={`Category of part ${index + 1}`}
                options={categories}
                {...form.register(`lines.${index}.categoryId`)}
              />
              <Input
                aria-label={`Amount of part ${index + 1}`}
                inputMode="decimal"
                placeholder="0.00"
                className="text-right tabular-nums"
                aria-invalid={Boolean(lineError?.amount)}
                {...form.register(`lines.${index}.amount`)}
              />
              <Input
                aria-label={`Memo of part ${index + 1}`}
                placeholder="Memo"
                className="col-span-2 row-start-2 sm:col-span-1 sm:row-start-auto"
                {...form.register(`lines.${index}.memo`)}
              />
              <Button
                type="button"
                variant="ghost"
                size="icon"
                aria-label={`Remove part ${index + 1}`}
                onClick={() => remove(index)}
                disabled={fields.length <= 2}
              >
                <Trash2 aria-hidden="true" />
              </Button>
              {lineError?.amount?.message && (
                <p className="col-span-full text-sm text-negative">{lineError.amount.message}</p>
              )}
            </li>
          )
        })}
      </ul>
      <Button
        type="button"
        variant="outline"
        size="sm"
        className="justify-self-start"
        onClick={() =>
          append({ categoryId: '', amount: left > 0 ? centsToText(left) : '', memo: '' })
        }
      >
        <Plus aria-hidden="true" />
        Add a part
      </Button>
      <p
        className={cn(
          'flex items-baseline justify-between rounded-md px-3 py-2 text-sm font-medium',
          left === 0 ? 'bg-muted' : 'bg-warning-surface text-warning',
        )}
        data-testid="split-left"
        aria-live="polite"
      >
        <span>
          {left === 0 ? 'All assigned' : left > 0 ? 'Left to assign' : 'Assigned too much'}
        </span>
        <Money value={absCents(left)} />
      </p>
      {errors.lines?.root?.message !== undefined && (
        <p className="text-sm font-medium text-negative">{errors.lines.root.message}</p>
      )}
      {errors.lines?.message !== undefined && (
        <p className="text-sm font-medium text-negative">{errors.lines.message}</p>
      )}
      <FormError error={update.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center">
        {transaction.splits.length > 0 && (
          <Button
            type="button"
            variant="ghost"
            onClick={() => void unsplit()}
            className="sm:mr-auto"
          >
            Remove the split
          </Button>
        )}
        <Button type="button" variant="outline" onClick={onDone} className="sm:ml-auto">
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting || left !== 0}>
          {isSubmitting ? 'Saving…' : 'Save split'}
        </Button>
      </div>
    </form>
  )
}
