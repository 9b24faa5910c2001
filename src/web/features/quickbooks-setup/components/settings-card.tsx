// The QuickBooks settings: the INTU.BID written in QBO Web Connect files, with what it is and
// when to change it.
import { Save } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { intuBid as intuBidSchema } from '#src/contract/quickbooks'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { errorMessage } from '#src/web/lib/api'
import { toast } from '#src/web/lib/toast'
import { useUpdateQuickbooksSettings } from '../api/update-settings'

export function SettingsCard({ intuBid }: { intuBid: string }) {
  const [value, setValue] = useState(intuBid)
  const [error, setError] = useState<string | undefined>()
  const update = useUpdateQuickbooksSettings()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const parsed = intuBidSchema.safeParse(value)
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Enter a number')
      return
    }
    setError(undefined)
    update.mutate(parsed.data, {
      onSuccess: (saved) => {
        setValue(saved.intuBid)
        toast({ title: 'Saved', description: `QBO files now name bank ${saved.intuBid}.` })
      },
      onError: (err) => setError(errorMessage(err)),
    })
  }

  return (
    <Card aria-labelledby="qb-settings-title" data-testid="qb-settings">
      <CardHeader>
        <CardTitle id="qb-settings-title">Web Connect bank number</CardTitle>
        <CardDescription>Used only in QBO (Web Connect) files.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="flex flex-col gap-3 sm:flex-row sm:items-start" noValidate>
          <FormField
            label="INTU.BID"
            error={error}
            className="sm:max-w-md sm:flex-1"
            hint="The number QuickBooks knows a bank by. QuickBooks only takes a QBO file from a bank it supports, so Kinwise writes 3000 (a bank QuickBooks accepts) unless you change it. Change it if QuickBooks says it cannot verify the financial institution, or if your accountant gives you another number."
          >
            {(control) => (
              <Input
                {...control}
                inputMode="numeric"
                autoComplete="off"
                maxLength={10}
                value={value}
                onChange={(e) => setValue(e.target.value)}
                className="sm:max-w-40"
              />
            )}
          </FormField>
          <Button type="submit" variant="outline" className="self-start sm:mt-7" disabled={update.isPending || value.trim() === intuBid}>
            <Save aria-hidden="true" />
            {update.isPending ? 'Saving…' : 'Save'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
