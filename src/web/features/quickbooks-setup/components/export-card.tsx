// The export panel: which file (IIF for QuickBooks Desktop, QBO Web Connect for Desktop and
// Online, CSV), the dates, one account or all, whether to leave out what an earlier export held,
// and Download. The server's refusal (an account not mapped yet) shows beside the button.
import { Download } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import type { QuickbooksFormat } from '#src/contract/quickbooks'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { Checkbox } from '#src/web/components/ui/checkbox'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { errorMessage } from '#src/web/lib/api'
import { toast } from '#src/web/lib/toast'
import { useDownloadExport } from '../api/download-export'

const FORMATS: { value: QuickbooksFormat; label: string; detail: string }[] = [
  { value: 'iif', label: 'IIF', detail: 'QuickBooks Desktop: File → Utilities → Import → IIF Files. Each transaction with its category.' },
  { value: 'qbo', label: 'QBO (Web Connect)', detail: 'Desktop or Online: bank transactions to match and categorize in QuickBooks. Importing again adds nothing twice.' },
  { value: 'csv', label: 'CSV', detail: 'A spreadsheet, or QuickBooks Online’s bank file upload (Date, Description, Amount).' },
]

/** The first day of the month `today` is in. */
export function monthStart(today: string): string {
  return `${today.slice(0, 8)}01`
}

export function ExportCard({ today, accounts }: { today: string; accounts: { id: string; name: string }[] }) {
  const [format, setFormat] = useState<QuickbooksFormat>('iif')
  const [from, setFrom] = useState(monthStart(today))
  const [to, setTo] = useState(today)
  const [accountId, setAccountId] = useState('')
  const [onlyNew, setOnlyNew] = useState(true)
  const [rangeError, setRangeError] = useState<string | undefined>()
  const download = useDownloadExport()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (!from || !to) {
      setRangeError('Choose both dates')
      return
    }
    if (from > to) {
      setRangeError('The end date must be on or after the start date')
      return
    }
    setRangeError(undefined)
    download.mutate(
      { format, from, to, onlyNew, ...(accountId ? { accountId } : {}) },
      {
        onSuccess: (file) =>
          toast({
            title: 'Export downloaded',
            description: `${file.fileName}: ${file.count === 1 ? '1 transaction' : `${String(file.count)} transactions`}.`,
          }),
      },
    )
  }

  return (
    <Card aria-labelledby="qb-export-title" data-testid="qb-export">
      <CardHeader>
        <CardTitle id="qb-export-title">Export</CardTitle>
        <CardDescription>Only accounts whose transactions you can see are exported. Pending transactions wait until they post.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={onSubmit} className="space-y-5" noValidate>
          <fieldset className="space-y-2">
            <legend className="mb-2 text-sm font-medium">File type</legend>
            <div className="grid gap-2 md:grid-cols-3">
              {FORMATS.map((f) => (
                <label
                  key={f.value}
                  className="flex cursor-pointer gap-3 rounded-lg border p-3 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent/40 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring"
                >
                  <input
                    type="radio"
                    name="qb-format"
                    value={f.value}
                    checked={format === f.value}
                    onChange={() => setFormat(f.value)}
                    className="mt-0.5 accent-primary"
                  />
                  <span className="space-y-1">
                    <span className="block font-medium">{f.label}</span>
                    <span className="block text-xs text-muted-foreground">{f.detail}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="grid gap-4 sm:grid-cols-3">
            <FormField label="From">
              {(control) => <Input {...control} type="date" value={from} onChange={(e) => setFrom(e.target.value)} required />}
            </FormField>
            <FormField label="To" error={rangeError}>
              {(control) => <Input {...control} type="date" value={to} onChange={(e) => setTo(e.target.value)} required />}
            </FormField>
            <FormField label="Account">
              {(control) => (
                <Select {...control} value={accountId} onChange={(e) => setAccountId(e.target.value)}>
                  <option value="">All accounts</option>
                  {accounts.map((a) => (
                    <option key={a.id} value={a.id}>
                      {a.name}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
          </div>
          <label className="flex cursor-pointer items-start gap-3 text-sm">
            <Checkbox checked={onlyNew} onChange={(e) => setOnlyNew(e.target.checked)} className="mt-0.5" />
            <span>
              <span className="font-medium">Only transactions not exported before</span>
              <span className="block text-xs text-muted-foreground">Leave out what an earlier export already held, so nothing is booked twice.</span>
            </span>
          </label>
          {download.error && (
            <Alert variant="destructive" data-testid="export-error">
              <span>{errorMessage(download.error)}</span>
            </Alert>
          )}
          <Button type="submit" disabled={download.isPending}>
            <Download aria-hidden="true" />
            {download.isPending ? 'Preparing…' : 'Download'}
          </Button>
        </form>
      </CardContent>
    </Card>
  )
}
