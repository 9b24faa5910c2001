// A custom reminder: a title, an optional description, a priority, what it is about and an
// optional due date.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { createReminderBody, reminderPriority, reminderType } from '../../../../contract/reminders'
import { FormDialog, FormError } from '../../../components/form-dialog'
import { Button } from '../../../components/ui/button'
import { FormField } from '../../../components/ui/form-field'
import { Input } from '../../../components/ui/input'
import { Select } from '../../../components/ui/select'
import { Textarea } from '../../../components/ui/textarea'
import { toast } from '../../../lib/toast'
import { useCreateReminder } from '../api/change-reminder'
import { PRIORITY_LABELS, TYPE_LABELS } from '../reminder-labels'

const fields = createReminderBody.shape
const schema = z.object({
  title: fields.title,
  description: fields.description,
  type: reminderType,
  priority: reminderPriority,
  dueDate: z
    .string()
    .transform((v) => (v === '' ? null : v))
    .pipe(fields.dueDate.unwrap()),
})
type FormInput = z.input<typeof schema>
type FormOutput = z.output<typeof schema>

export function ReminderFormDialog({
  open,
  onOpenChange,
}: {
  open: boolean
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="New reminder"
      description="A note to yourself that shows in the bell until you complete or dismiss it."
    >
      {open && <ReminderForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function ReminderForm({ onDone }: { onDone: () => void }) {
  const create = useCreateReminder()
  const form = useForm<FormInput, unknown, FormOutput>({
    resolver: zodResolver(schema),
    defaultValues: { title: '', description: '', type: 'other', priority: 'medium', dueDate: '' },
  })
  const { errors, isSubmitting } = form.formState
  const onSubmit = form.handleSubmit(async (v) => {
    try {
      await create.mutateAsync(v)
      toast({ title: 'Reminder created', description: `${v.title} is in your reminders.` })
      onDone()
    } catch {
      // shown below
    }
  })
  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" aria-label="Reminder">
      <FormField label="Title" error={errors.title?.message}>
        {(control) => (
          <Input {...control} placeholder="e.g. Renew car insurance" {...form.register('title')} />
        )}
      </FormField>
      <FormField label="Description" error={errors.description?.message}>
        {(control) => <Textarea {...control} rows={3} {...form.register('description')} />}
      </FormField>
      <div className="grid gap-3 sm:grid-cols-3">
        <FormField label="Priority" error={errors.priority?.message}>
          {(control) => (
            <Select {...control} {...form.register('priority')}>
              {reminderPriority.options.map((p) => (
                <option key={p} value={p}>
                  {PRIORITY_LABELS[p].label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="About" error={errors.type?.message}>
          {(control) => (
            <Select {...control} {...form.register('type')}>
              {reminderType.options.map((t) => (
                <option key={t} value={t}>
                  {TYPE_LABELS[t]}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Due" error={errors.dueDate?.message} hint="Optional">
          {(control) => <Input {...control} type="date" {...form.register('dueDate')} />}
        </FormField>
      </div>
      <FormError error={create.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? 'Saving…' : 'Create reminder'}
        </Button>
      </div>
    </form>
  )
}
