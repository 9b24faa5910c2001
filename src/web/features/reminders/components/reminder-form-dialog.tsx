// A custom reminder: a title, an optional description, a priority, what it is about and an
// optional due date.
import { zodResolver } from '@hookform/resolvers/zod'
import { useForm } from 'react-hook-form'
import { z } from 'zod'
import { createReminderBody, reminderPriority, reminderType } from '#src/contract/reminders'
import { FormDialog } from '#src/web/components/form-dialog'
import { DateField, SelectField, TextAreaField, TextField } from '#src/web/components/forms/fields'
import { FormFooter } from '#src/web/components/forms/form-footer'
import { toast } from '#src/web/lib/toast'
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
  const { isSubmitting } = form.formState
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
      <TextField form={form} name="title" label="Title" placeholder="e.g. Renew car insurance" />
      <TextAreaField form={form} name="description" label="Description" rows={3} />
      <div className="grid gap-3 sm:grid-cols-3">
        <SelectField form={form} name="priority" label="Priority">
          {reminderPriority.options.map((p) => (
            <option key={p} value={p}>
              {PRIORITY_LABELS[p].label}
            </option>
          ))}
        </SelectField>
        <SelectField form={form} name="type" label="About">
          {reminderType.options.map((t) => (
            <option key={t} value={t}>
              {TYPE_LABELS[t]}
            </option>
          ))}
        </SelectField>
        <DateField form={form} name="dueDate" label="Due" hint="Optional" />
      </div>
      <FormFooter
        error={create.error}
        onCancel={onDone}
        busy={isSubmitting}
        submitLabel="Create reminder"
      />
    </form>
  )
}
