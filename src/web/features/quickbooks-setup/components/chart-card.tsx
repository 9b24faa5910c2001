// The QuickBooks chart of accounts: what is there now, and how to replace it — paste or upload
// the chart QuickBooks exports (IIF from Desktop, CSV from Desktop or Online), or type the
// accounts. Lines the server could not read come back in words, each naming its line.
import { BookOpen, Plus, Trash2, Upload } from 'lucide-react'
import { useState, type FormEvent } from 'react'
import { QB_ACCOUNT_TYPES, type ChartAccountDto } from '#src/contract/quickbooks'
import { EmptyState } from '#src/web/components/empty-state'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '#src/web/components/ui/card'
import { FormField } from '#src/web/components/ui/form-field'
import { Input } from '#src/web/components/ui/input'
import { Select } from '#src/web/components/ui/select'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#src/web/components/ui/tabs'
import { Textarea } from '#src/web/components/ui/textarea'
import { errorBody, errorMessage } from '#src/web/lib/api'
import { toast } from '#src/web/lib/toast'
import { useImportChart } from '../api/import-chart'

type ChartFormat = 'iif' | 'csv'
type TypeName = ChartAccountDto['type']

/** The format of a chart file by its name or, failing that, its first line. */
export function guessFormat(fileName: string, text: string): ChartFormat {
  if (/\.iif$/i.test(fileName)) return 'iif'
  if (/\.csv$/i.test(fileName)) return 'csv'
  return /^\s*!/.test(text) ? 'iif' : 'csv'
}

function Problems({ problems }: { problems: string[] }) {
  if (problems.length === 0) return null
  return (
    <Alert variant="warning" data-testid="chart-problems">
      <div className="space-y-1">
        <p className="font-medium">
          {problems.length === 1 ? 'One line was left out:' : `${String(problems.length)} lines were left out:`}
        </p>
        <ul className="list-disc space-y-0.5 pl-5">
          {problems.slice(0, 20).map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </div>
    </Alert>
  )
}

function CurrentChart({ chart }: { chart: ChartAccountDto[] }) {
  const byType = QB_ACCOUNT_TYPES.map((type) => ({ type, names: chart.filter((a) => a.type === type).map((a) => a.name) })).filter(
    (g) => g.names.length > 0,
  )
  return (
    <details className="group rounded-lg border" data-testid="chart-list">
      <summary className="cursor-pointer rounded-lg px-4 py-3 text-sm font-medium outline-none focus-visible:ring-2 focus-visible:ring-ring">
        {chart.length === 1 ? '1 account' : `${String(chart.length)} accounts`} in your chart{' '}
        <span className="font-normal text-muted-foreground">(show)</span>
      </summary>
      <dl className="grid gap-3 border-t px-4 py-3 sm:grid-cols-2">
        {byType.map((g) => (
          <div key={g.type} className="min-w-0">
            <dt className="text-xs font-medium tracking-wide text-muted-foreground uppercase">{g.type}</dt>
            <dd className="text-sm break-words">{g.names.join(', ')}</dd>
          </div>
        ))}
      </dl>
    </details>
  )
}

function PasteForm({ onProblems }: { onProblems: (p: string[]) => void }) {
  const [format, setFormat] = useState<ChartFormat>('iif')
  const [text, setText] = useState('')
  const [error, setError] = useState<string | undefined>()
  const upload = useImportChart()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (text.trim() === '') {
      setError('Paste the chart or choose a file first')
      return
    }
    setError(undefined)
    upload.mutate(
      { format, text },
      {
        onSuccess: (res) => {
          onProblems(res.problems)
          setText('')
          toast({ title: 'Chart imported', description: `${String(res.chart.length)} QuickBooks accounts.` })
        },
        onError: (err) => setError(errorMessage(err)),
      },
    )
  }

  return (
    <form onSubmit={onSubmit} className="space-y-4" noValidate>
      <p className="text-sm text-muted-foreground">
        In QuickBooks Desktop: Lists → Chart of Accounts → Account → Export as IIF. In QuickBooks Online: Reports → Account List →
        Export to CSV.
      </p>
      <div className="grid gap-4 sm:grid-cols-[12rem_1fr]">
        <FormField label="File type">
          {(control) => (
            <Select {...control} value={format} onChange={(e) => setFormat(e.target.value === 'csv' ? 'csv' : 'iif')}>
              <option value="iif">IIF (Desktop)</option>
              <option value="csv">CSV (Desktop or Online)</option>
            </Select>
          )}
        </FormField>
        <FormField label="Chart file">
          {(control) => (
            <Input
              {...control}
              type="file"
              accept=".iif,.csv,.txt,text/csv,text/plain"
              onChange={(e) => {
                const file = e.target.files?.[0]
                if (!file) return
                void file.text().then((content) => {
                  setText(content)
                  setFormat(guessFormat(file.name, content))
                  setError(undefined)
                })
              }}
            />
          )}
        </FormField>
      </div>
      <FormField label="Or paste it here" error={error}>
        {(control) => (
          <Textarea
            {...control}
            rows={6}
            spellCheck={false}
            className="font-mono text-xs sm:text-xs"
            placeholder={'!ACCNT\tNAME\tACCNTTYPE\nACCNT\tChecking\tBANK\nACCNT\tGroceries\tEXP'}
            value={text}
            onChange={(e) => {
              setText(e.target.value)
              if (/^\s*!/.test(e.target.value)) setFormat('iif')
            }}
          />
        )}
      </FormField>
      <Button type="submit" disabled={upload.isPending}>
        <Upload aria-hidden="true" />
        {upload.isPending ? 'Importing…' : 'Import chart'}
      </Button>
    </form>
  )
}

type Row = { key: number; name: string; type: TypeName }
let nextKey = 0
const newRow = (name = '', type: TypeName = 'Expense'): Row => ({ key: (nextKey += 1), name, type })

/** The row index and message of a 400 naming `body.accounts.N.name`, or null. */
function rowError(error: unknown): { index: number; message: string } | null {
  const issues = errorBody(error)?.issues
  if (!Array.isArray(issues)) return null
  for (const issue of issues) {
    const path: unknown = issue?.path
    const message: unknown = issue?.message
    const match = typeof path === 'string' ? /^body\.accounts\.(\d+)/.exec(path) : null
    if (match && typeof message === 'string') return { index: Number(match[1]), message }
  }
  return null
}

function TypeForm({ chart, onDone }: { chart: ChartAccountDto[]; onDone: () => void }) {
  const [rows, setRows] = useState<Row[]>(() => (chart.length > 0 ? chart.map((a) => newRow(a.name, a.type)) : [newRow('', 'Bank'), newRow()]))
  const [error, setError] = useState<{ index: number | null; message: string } | null>(null)
  const save = useImportChart()

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    const kept = rows.filter((r) => r.name.trim() !== '')
    if (kept.length === 0) {
      setError({ index: null, message: 'Type at least one account' })
      return
    }
    setError(null)
    save.mutate(
      { accounts: kept.map((r) => ({ name: r.name, type: r.type })) },
      {
        onSuccess: (res) => {
          toast({ title: 'Chart saved', description: `${String(res.chart.length)} QuickBooks accounts.` })
          onDone()
        },
        onError: (err) => {
          const named = rowError(err)
          const row = named ? kept[named.index] : undefined
          setError({ index: row ? rows.indexOf(row) : null, message: named?.message ?? errorMessage(err) })
        },
      },
    )
  }

  return (
    <form onSubmit={onSubmit} className="space-y-3" noValidate>
      <p className="text-sm text-muted-foreground">
        Type each account as QuickBooks names it; a subaccount is written with a colon, like “Utilities:Gas”.
      </p>
      <ul className="space-y-3">
        {rows.map((row, i) => (
          <li key={row.key} className="grid grid-cols-[1fr_auto] gap-2 sm:grid-cols-[1fr_14rem_auto] sm:items-start">
            <FormField label={`Account ${String(i + 1)} name`} className="col-span-2 sm:col-span-1" error={error?.index === i ? error.message : undefined}>
              {(control) => (
                <Input
                  {...control}
                  value={row.name}
                  maxLength={159}
                  onChange={(e) => setRows(rows.map((r) => (r.key === row.key ? { ...r, name: e.target.value } : r)))}
                />
              )}
            </FormField>
            <FormField label={`Account ${String(i + 1)} type`}>
              {(control) => (
                <Select
                  {...control}
                  value={row.type}
                  onChange={(e) => {
                    const type = QB_ACCOUNT_TYPES.find((t) => t === e.target.value) ?? row.type
                    setRows(rows.map((r) => (r.key === row.key ? { ...r, type } : r)))
                  }}
                >
                  {QB_ACCOUNT_TYPES.map((t) => (
                    <option key={t} value={t}>
                      {t}
                    </option>
                  ))}
                </Select>
              )}
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="icon"
              className="self-end"
              aria-label={`Remove account ${String(i + 1)}${row.name ? ` (${row.name})` : ''}`}
              disabled={rows.length === 1}
              onClick={() => setRows(rows.filter((r) => r.key !== row.key))}
            >
              <Trash2 aria-hidden="true" />
            </Button>
          </li>
        ))}
      </ul>
      {error && error.index === null && (
        <p role="alert" className="text-sm font-medium text-negative">
          {error.message}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => setRows([...rows, newRow()])}>
          <Plus aria-hidden="true" />
          Add account
        </Button>
        <Button type="submit" disabled={save.isPending}>
          {save.isPending ? 'Saving…' : 'Save chart'}
        </Button>
      </div>
    </form>
  )
}

export function ChartCard({ chart }: { chart: ChartAccountDto[] }) {
  const [problems, setProblems] = useState<string[]>([])
  const [editing, setEditing] = useState(chart.length === 0)
  return (
    <Card aria-labelledby="qb-chart-title" data-testid="qb-chart">
      <CardHeader className="sm:flex-row sm:items-start sm:justify-between">
        <div className="space-y-1">
          <CardTitle id="qb-chart-title">
            Chart of accounts{' '}
            {chart.length > 0 && (
              <Badge variant="secondary" className="ml-1 align-middle">
                {chart.length}
              </Badge>
            )}
          </CardTitle>
          <CardDescription>The accounts in your QuickBooks company file, so Kinwise can map to them.</CardDescription>
        </div>
        {chart.length > 0 && !editing && (
          <Button variant="outline" className="self-start" onClick={() => setEditing(true)}>
            <Upload aria-hidden="true" />
            Replace chart
          </Button>
        )}
      </CardHeader>
      <CardContent className="space-y-4">
        <Problems problems={problems} />
        {chart.length === 0 ? (
          <EmptyState
            icon={BookOpen}
            className="py-2"
            title="No chart of accounts yet. Bring it over from QuickBooks below, or type the accounts you use."
          />
        ) : (
          <CurrentChart chart={chart} />
        )}
        {editing && (
          <Tabs defaultValue="file">
            <TabsList className="sm:max-w-sm">
              <TabsTrigger value="file">Paste or upload</TabsTrigger>
              <TabsTrigger value="type">Type accounts</TabsTrigger>
            </TabsList>
            <TabsContent value="file" className="mt-4">
              <PasteForm
                onProblems={(p) => {
                  setProblems(p)
                  setEditing(false)
                }}
              />
            </TabsContent>
            <TabsContent value="type" className="mt-4">
              <TypeForm
                chart={chart}
                onDone={() => {
                  setProblems([])
                  setEditing(false)
                }}
              />
            </TabsContent>
          </Tabs>
        )}
        {editing && chart.length > 0 && (
          <Button variant="ghost" onClick={() => setEditing(false)}>
            Cancel
          </Button>
        )}
      </CardContent>
    </Card>
  )
}
