// Settings → Your data: download everything as one ZIP, move a household here from
// another Kinwise server (the owner imports an export into this still empty household), and
// delete one's account, which happens after 30 days in which it can be cancelled.
import { Trash2, Upload } from 'lucide-react'
import { useRef, useState } from 'react'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { useAuth } from '#src/web/lib/auth'
import { toast } from '#src/web/lib/toast'
import { useImportExport, useRequestDeletion } from './api/your-data'
import { ExportButton } from './export-button'
import { countText } from '#src/web/lib/display-locale'

const GRACE_DAYS = 30

function ImportExport() {
  const input = useRef<HTMLInputElement>(null)
  const [file, setFile] = useState<File | null>(null)
  const importing = useImportExport()
  return (
    <div className="grid gap-3">
      <div>
        <h3 className="font-semibold">Move to another Kinwise server</h3>
        <p className="text-sm text-muted-foreground">
          To move, download everything on the old server, create an account here and import the ZIP
          into your new, still empty household. Accounts, transactions, categories, budgets, goals,
          bills and rules come along.
        </p>
      </div>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(event) => {
          event.preventDefault()
          if (!file) return
          importing.mutate(file, {
            onSuccess: (summary) => {
              toast({
                title: 'Your household is here',
                description: `${summary.accounts} accounts and ${countText(summary.transactions)} transactions imported.`,
              })
              setFile(null)
              if (input.current) input.current.value = ''
            },
          })
        }}
      >
        <FormField label="Kinwise export (ZIP)" className="flex-1">
          {(control) => (
            <Input
              {...control}
              ref={input}
              type="file"
              accept=".zip,.json,application/zip,application/json"
              onChange={(e) => {
                setFile(e.target.files?.[0] ?? null)
                importing.reset()
              }}
            />
          )}
        </FormField>
        <Button type="submit" variant="outline" disabled={!file || importing.isPending}>
          <Upload aria-hidden="true" />
          {importing.isPending ? 'Importing…' : 'Import'}
        </Button>
      </form>
      <FormError error={importing.error} />
    </div>
  )
}

function DeleteAccount() {
  const [open, setOpen] = useState(false)
  const [password, setPassword] = useState('')
  const [missing, setMissing] = useState(false)
  const deletion = useRequestDeletion()
  const close = (next: boolean) => {
    setOpen(next)
    if (!next) {
      setPassword('')
      setMissing(false)
      deletion.reset()
    }
  }
  return (
    <div className="grid gap-3">
      <div>
        <h3 className="font-semibold">Delete my account</h3>
        <p className="text-sm text-muted-foreground">
          Your account and your data are deleted {GRACE_DAYS} days after you ask. Until then you can
          still sign in to download your data or cancel the deletion. In a shared household, the
          household’s shared accounts stay with it.
        </p>
      </div>
      <div>
        <Button type="button" variant="destructive" onClick={() => setOpen(true)}>
          <Trash2 aria-hidden="true" />
          Delete my account
        </Button>
      </div>
      <FormDialog
        open={open}
        onOpenChange={close}
        title="Delete your account?"
        description={`Everything of yours is deleted ${GRACE_DAYS} days from now. Until then you can only download your data or cancel. Download it first if you want to keep a copy.`}
      >
        <form
          className="grid gap-5"
          noValidate
          onSubmit={(event) => {
            event.preventDefault()
            if (password === '') return setMissing(true)
            deletion.mutate(password)
          }}
        >
          <FormField label="Password" error={missing ? 'Enter your password' : undefined}>
            {(control) => (
              <Input
                {...control}
                type="password"
                autoComplete="current-password"
                autoFocus
                value={password}
                onChange={(e) => {
                  setPassword(e.target.value)
                  setMissing(false)
                }}
              />
            )}
          </FormField>
          <FormError error={deletion.error} />
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button type="button" variant="outline" onClick={() => close(false)}>
              Keep my account
            </Button>
            <Button type="submit" variant="destructive" disabled={deletion.isPending}>
              {deletion.isPending ? 'Deleting…' : `Delete in ${GRACE_DAYS} days`}
            </Button>
          </div>
        </form>
      </FormDialog>
    </div>
  )
}

export function YourDataSection() {
  const { user } = useAuth()
  return (
    <Card aria-labelledby="your-data-title" data-testid="your-data">
      <CardHeader>
        <CardTitle id="your-data-title">Your data</CardTitle>
        <CardDescription>
          Everything you can see in Kinwise is yours: take it with you at any time.
        </CardDescription>
      </CardHeader>
      <CardContent className="divide-y [&>*]:py-6 [&>*:first-child]:pt-0 [&>*:last-child]:pb-0">
        <div className="grid gap-3">
          <div>
            <h3 className="font-semibold">Download everything</h3>
            <p className="text-sm text-muted-foreground">
              One ZIP file: all your data as JSON, a spreadsheet (CSV) for each kind of record and a
              bank statement (OFX) for each account.
            </p>
          </div>
          <div>
            <ExportButton />
          </div>
        </div>
        {user?.role === 'owner' && <ImportExport />}
        <DeleteAccount />
      </CardContent>
    </Card>
  )
}
