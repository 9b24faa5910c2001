// "Import prices": a CSV of symbol, date, price pasted in or read from a file (in the browser:
// the text is what is sent). The answer says how many prices were written and which symbols
// were new.
import { FileUp } from 'lucide-react'
import { useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react'
import { FormDialog, FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { Label } from '#src/web/components/ui/label'
import { Textarea } from '#src/web/components/ui/textarea'
import { toast } from '#src/web/lib/toast'
import { useImportPrices } from '../api/save-investments'

const EXAMPLE = 'symbol,date,price\nVTI,2024-05-31,262.10\nBND,2024-05-31,71.95'
const MAX_FILE = 2_000_000

export function ImportPricesDialog({
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
      title="Import prices"
      description="A CSV with the columns symbol, date and price (a header row first). A price already there for that day is replaced."
      className="sm:max-w-xl"
    >
      {open && <ImportForm onDone={() => onOpenChange(false)} />}
    </FormDialog>
  )
}

function ImportForm({ onDone }: { onDone: () => void }) {
  const id = useId()
  const run = useImportPrices()
  const [csv, setCsv] = useState('')
  const fileInput = useRef<HTMLInputElement>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const readFile = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0]
    if (file === undefined) return
    if (file.size > MAX_FILE) {
      setProblem('The file is too large: at most 2 MB of prices at a time.')
      return
    }
    setProblem(null)
    setCsv(await file.text())
  }
  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (csv.trim() === '') {
      setProblem('Paste the prices or choose a file')
      return
    }
    setProblem(null)
    run.mutate(csv, {
      onSuccess: (result) => {
        toast({
          title: `${result.imported} ${result.imported === 1 ? 'price' : 'prices'} imported`,
          description:
            result.created.length > 0
              ? `New securities: ${result.created.join(', ')}.`
              : `${result.revalued} ${result.revalued === 1 ? 'account' : 'accounts'} revalued.`,
        })
        onDone()
      },
    })
  }
  return (
    <form onSubmit={submit} noValidate className="grid gap-4" aria-label="Import prices">
      <div className="grid gap-2">
        <Label htmlFor={`${id}-csv`}>Prices</Label>
        <Textarea
          id={`${id}-csv`}
          value={csv}
          onChange={(e) => setCsv(e.target.value)}
          rows={7}
          spellCheck={false}
          placeholder={EXAMPLE}
          className="font-mono text-xs"
          aria-invalid={problem !== null}
          aria-describedby={problem !== null ? `${id}-problem` : undefined}
        />
        {problem !== null && (
          <p id={`${id}-problem`} className="text-sm font-medium text-negative">
            {problem}
          </p>
        )}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() => fileInput.current?.click()}
        >
          <FileUp aria-hidden="true" />
          Choose a CSV file
        </Button>
        <input
          ref={fileInput}
          type="file"
          accept=".csv,text/csv,text/plain"
          className="hidden"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="prices-file"
          onChange={(e) => void readFile(e)}
        />
        <span className="text-xs text-muted-foreground">or paste the rows above</span>
      </div>
      <FormError error={run.error} />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={run.isPending}>
          {run.isPending ? 'Importing…' : 'Import prices'}
        </Button>
      </div>
    </form>
  )
}
