// Renaming the household (owner): the name members see on the Family page and in invites.
import { useState } from 'react'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { toast } from '#src/web/lib/toast'
import { useRenameHousehold } from '../api/save-household'

const MAX_NAME = 80

function RenameForm({ name, onDone }: { name: string; onDone: () => void }) {
  const rename = useRenameHousehold()
  const [value, setValue] = useState(name)
  const [error, setError] = useState<string | undefined>()
  return (
    <form
      className="grid gap-5"
      aria-label="Rename household"
      noValidate
      onSubmit={(event) => {
        event.preventDefault()
        const next = value.trim()
        if (next === '') return setError('Name is required')
        if (next.length > MAX_NAME) return setError(`Name must be at most ${MAX_NAME} characters`)
        if (next === name) return onDone()
        rename.mutate(next, {
          onSuccess: (household) => {
            toast({
              title: 'Household renamed',
              description: `It is now called “${household.name}”.`,
            })
            onDone()
          },
        })
      }}
    >
      <FormField label="Name" error={error}>
        {(control) => (
          <Input
            {...control}
            value={value}
            maxLength={MAX_NAME + 20}
            autoComplete="off"
            onChange={(e) => {
              setValue(e.target.value)
              setError(undefined)
            }}
          />
        )}
      </FormField>
      <FormError error={rename.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone} disabled={rename.isPending}>
          Cancel
        </Button>
        <Button type="submit" disabled={rename.isPending}>
          {rename.isPending ? 'Saving…' : 'Save name'}
        </Button>
      </div>
    </form>
  )
}

export function RenameHouseholdDialog({
  open,
  name,
  onOpenChange,
}: {
  open: boolean
  name: string
  onOpenChange: (open: boolean) => void
}) {
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title="Rename household"
      description="Everyone in the household sees this name, and so do the people you invite."
    >
      {open && <RenameForm name={name} onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}
