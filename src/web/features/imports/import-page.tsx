// The Import page (issue 5): a bank statement goes through upload → format detected (a preview
// that writes nothing) → account chosen or created → column mapping (CSV) or date order (QIF),
// re-previewed live → review of every row (new, duplicate, transfer; overrides) → the import
// with its progress → a summary with Undo. Past imports, each with Undo, are listed below.
import { ArrowLeft, ArrowRight, CircleAlert, FileText, RotateCw, Workflow } from 'lucide-react'
import { useMemo, useRef, useState, type ReactNode } from 'react'
import { Link } from 'react-router'
import type { ImportResult } from '../../../contract/imports'
import { FormError } from '../../components/form-dialog'
import { PageBody, PageHeader } from '../../components/page-header'
import { Alert } from '../../components/ui/alert'
import { Badge } from '../../components/ui/badge'
import { Button } from '../../components/ui/button'
import { Card, CardContent } from '../../components/ui/card'
import { Progress } from '../../components/ui/progress'
import { Skeleton } from '../../components/ui/skeleton'
import { errorCode, errorMessage, errorStatus } from '../../lib/api'
import { useAuth } from '../../lib/auth'
import { useAccountList } from '../../lib/queries/accounts'
import { useCategoryList } from '../../lib/queries/categories'
import type { UploadProgress } from '../../lib/upload'
import { useCommitImport } from './api/commit-import'
import { chooseFile, type ChosenFile, type ImportOptions } from './api/import-form'
import { useImportPreview } from './api/preview-import'
import { ChooseAccount, FileAccounts } from './components/account-step'
import { FileDrop } from './components/file-drop'
import { FileIssues } from './components/file-issues'
import { ImportProgress } from './components/import-progress'
import { ImportSteps } from './components/import-steps'
import { ImportSummary } from './components/import-summary'
import { MappingEditor } from './components/mapping-editor'
import { PastImports } from './components/past-imports'
import { ParsedRows, ReviewRows, type AccountInfo } from './components/preview-rows'
import {
  completeMapping,
  fileSizeText,
  FORMAT_LABELS,
  formatNeedingAccount,
  issueText,
  mappingProblem,
  overrideList,
  plural,
  reviewCounts,
  stepsFor,
  toggleRow,
  type DraftMapping,
  type Overrides,
  type StatementFormat,
  type StepId,
} from './import-flow'

type CsvMapping = NonNullable<ImportOptions['mapping']>
type QifOrder = NonNullable<ImportOptions['qifDateOrder']>

/** Preview uploads above this size show their progress (smaller ones are instant). */
const SHOW_UPLOAD_FROM_BYTES = 512 * 1024
const MAPPING_DELAY_MS = 300
const FIRST_ROWS = 10

/** What to do about a file the server refused (or an upload that did not get there). */
function refusalHint(error: unknown, fileName: string): string {
  const status = errorStatus(error)
  if (status === null) return 'Check your connection, then try again.'
  if (status === 413) {
    return 'Export a shorter period from your bank, or ask whoever runs this server to raise its upload limit (MAX_UPLOAD_MB).'
  }
  if (/\.pdf$/i.test(fileName)) {
    return 'A PDF statement is made to be read by people: download the same statement as CSV, OFX or QIF instead (look for “Export” or “Download” in your online banking).'
  }
  return 'Choose another file: Kinwise reads the OFX, QFX, QIF, CSV and CAMT.053 statements banks export (look for “Export” or “Download” in your online banking).'
}

function StepActions({
  onBack,
  backLabel = 'Back',
  children,
}: {
  onBack?: () => void
  backLabel?: string
  children?: ReactNode
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-col gap-2 sm:flex-row">{children}</div>
    </div>
  )
}

function LoadingStep({ label, progress }: { label: string; progress: UploadProgress | null }) {
  const big = progress !== null && progress.total >= SHOW_UPLOAD_FROM_BYTES
  const uploading = big && progress.loaded < progress.total
  return (
    <div className="space-y-4" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        {uploading
          ? `${label} Uploading… ${Math.round((progress.loaded / progress.total) * 100)}%`
          : label}
      </p>
      {big && (
        <Progress
          value={uploading ? (progress.loaded / progress.total) * 100 : 100}
          aria-label="Upload progress"
          indicatorClassName={uploading ? undefined : 'animate-pulse'}
        />
      )}
      <div className="space-y-2 rounded-lg border p-3">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    </div>
  )
}

function FileLine({
  file,
  format,
  onChange,
}: {
  file: File
  format: StatementFormat | null
  onChange: () => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
      <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 truncate font-medium" data-testid="chosen-file">
        {file.name}
      </span>
      <span className="text-muted-foreground">{fileSizeText(file.size)}</span>
      {format !== null && (
        <Badge variant="accent" data-testid="detected-format">
          {FORMAT_LABELS[format]} file
        </Badge>
      )}
      <Button variant="link" size="sm" className="ml-auto h-auto p-0" onClick={onChange}>
        Choose another file
      </Button>
    </div>
  )
}

export function ImportPage() {
  const { user } = useAuth()
  const accounts = useAccountList()
  const categories = useCategoryList()
  const commit = useCommitImport()

  const [chosen, setChosen] = useState<ChosenFile | null>(null)
  const [step, setStep] = useState<StepId>('account')
  const [accountId, setAccountId] = useState<string | null>(null)
  const [draft, setDraft] = useState<DraftMapping | null>(null)
  const [applied, setApplied] = useState<CsvMapping | null>(null)
  const [qifOrder, setQifOrder] = useState<QifOrder | null>(null)
  const [overrides, setOverrides] = useState<Overrides>(new Map())
  const [previewProgress, setPreviewProgress] = useState<UploadProgress | null>(null)
  const [commitProgress, setCommitProgress] = useState<UploadProgress | null>(null)
  const [result, setResult] = useState<ImportResult | null>(null)
  const mappingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // the first preview, with nothing chosen, tells the format (or that an account is needed)
  const detect = useImportPreview(chosen, {}, { onProgress: setPreviewProgress })
  const accountRequired = errorCode(detect.error) === 'ACCOUNT_REQUIRED'
  const format: StatementFormat | null =
    detect.data?.format ??
    (accountRequired && chosen !== null
      ? formatNeedingAccount(errorMessage(detect.error), chosen.file.name)
      : null)
  // a CSV (or a plain QIF) whose rows could not be read yet names no account either
  const needsAccount =
    accountRequired ||
    (detect.data !== undefined &&
      (detect.data.format === 'csv' ||
        (detect.data.format === 'qif' && detect.data.accounts.length === 0)))
  const unreadable =
    detect.data !== undefined && detect.data.rowCount === 0 ? (detect.data.errors[0] ?? null) : null
  const refused = detect.error !== null && !accountRequired ? detect.error : null

  const options = useMemo<ImportOptions>(
    () => ({
      ...(accountId !== null ? { accountId } : {}),
      ...(format === 'csv' && applied !== null ? { mapping: applied } : {}),
      ...(format === 'qif' && qifOrder !== null ? { qifDateOrder: qifOrder } : {}),
    }),
    [accountId, applied, format, qifOrder],
  )
  const previewEnabled = format !== null && (!needsAccount || accountId !== null)
  const preview = useImportPreview(chosen, options, {
    enabled: previewEnabled,
    onProgress: setPreviewProgress,
  })
  const data = preview.isPlaceholderData ? undefined : preview.data
  // while a new mapping is read, the last answer stays on screen
  const shown = preview.data

  const openAccounts = useMemo(
    () => (accounts.data ?? []).filter((a) => !a.isClosed),
    [accounts.data],
  )
  const categoryNames = useMemo(
    () => new Map((categories.data ?? []).map((c) => [c.id, c.name])),
    [categories.data],
  )
  const accountInfo = useMemo(() => {
    const map = new Map<string, AccountInfo>()
    const picked = openAccounts.find((a) => a.id === accountId)
    for (const a of shown?.accounts ?? []) {
      map.set(
        a.key,
        picked
          ? { name: picked.name, currency: picked.currency }
          : { name: a.name, currency: a.currency },
      )
    }
    return map
  }, [shown, openAccounts, accountId])

  const steps = stepsFor(format)
  const detecting = chosen !== null && detect.isPending
  const visibleStep: StepId =
    chosen === null || detecting || refused !== null ? 'file' : result !== null ? 'done' : step

  const reset = () => {
    clearTimeout(mappingTimer.current)
    setChosen(null)
    setStep('account')
    setAccountId(null)
    setDraft(null)
    setApplied(null)
    setQifOrder(null)
    setOverrides(new Map())
    setPreviewProgress(null)
    setCommitProgress(null)
    setResult(null)
    commit.reset()
  }

  const onFile = (file: File) => {
    reset()
    setChosen(chooseFile(file))
  }

  const chooseAccount = (id: string | null) => {
    clearTimeout(mappingTimer.current)
    setAccountId(id)
    // another account may have its own saved mapping: start again from the server's
    setDraft(null)
    setApplied(null)
    setOverrides(new Map())
  }

  const editMapping = (next: DraftMapping) => {
    setDraft(next)
    setOverrides(new Map())
    clearTimeout(mappingTimer.current)
    const complete = completeMapping(next)
    if (complete !== null)
      mappingTimer.current = setTimeout(() => setApplied(complete), MAPPING_DELAY_MS)
  }

  const changeQifOrder = (order: QifOrder) => {
    setQifOrder(order)
    setOverrides(new Map())
  }

  const afterAccount: StepId = format === 'csv' ? 'columns' : format === 'qif' ? 'dates' : 'review'
  const beforeReview: StepId = format === 'csv' ? 'columns' : format === 'qif' ? 'dates' : 'account'

  const startImport = () => {
    if (chosen === null || data === undefined) return
    const mapping = format === 'csv' ? (applied ?? data.csv?.mapping) : undefined
    setCommitProgress(null)
    commit.mutate(
      {
        file: chosen.file,
        options: {
          ...options,
          ...(mapping !== undefined ? { mapping } : {}),
          ...(format === 'qif' && data.qifDateOrder !== null
            ? { qifDateOrder: qifOrder ?? data.qifDateOrder }
            : {}),
        },
        overrides: overrideList(overrides),
        onProgress: setCommitProgress,
      },
      { onSuccess: (answer) => setResult(answer) },
    )
  }

  // -------------------------------------------------------------------------------------
  // Steps

  // (with no account chosen yet, the preview is the first look, whose refusal is expected)
  const previewFailed = previewEnabled && preview.error !== null && !preview.isFetching
  const previewError = previewFailed ? (
    <Alert variant="destructive" data-testid="preview-error">
      <CircleAlert aria-hidden="true" />
      <span>{errorMessage(preview.error)}</span>
    </Alert>
  ) : null

  const fileStep = (
    <div className="space-y-4">
      {detecting && chosen !== null ? (
        <LoadingStep label={`Reading ${chosen.file.name}…`} progress={previewProgress} />
      ) : (
        <>
          {refused !== null && chosen !== null && (
            <Alert variant="destructive" data-testid="import-refused">
              <CircleAlert aria-hidden="true" />
              <div className="space-y-2">
                <p className="font-medium">
                  {chosen.file.name} was not imported: {errorMessage(refused)}
                </p>
                <p>Nothing was saved. {refusalHint(refused, chosen.file.name)}</p>
                {errorStatus(refused) === null && (
                  <Button size="sm" variant="outline" onClick={() => void detect.refetch()}>
                    <RotateCw aria-hidden="true" />
                    Try again
                  </Button>
                )}
              </div>
            </Alert>
          )}
          <FileDrop onFile={onFile} />
        </>
      )}
    </div>
  )

  const accountStep = chosen !== null && format !== null && (
    <div className="space-y-4">
      <FileLine file={chosen.file} format={format} onChange={reset} />
      {unreadable !== null && (
        <Alert variant="warning" data-testid="file-unreadable">
          <CircleAlert aria-hidden="true" />
          <span>
            Kinwise could not read a single row of this file yet: {issueText(unreadable)} If it is a
            CSV export, choose its account and set up its columns; otherwise choose another file.
          </span>
        </Alert>
      )}
      <h2 className="text-base font-semibold">
        {needsAccount ? 'Which account is this statement from?' : 'Accounts in this file'}
      </h2>
      {accounts.isLoading ? (
        <Skeleton className="h-10 w-full" />
      ) : needsAccount ? (
        <ChooseAccount
          format={format === 'qif' ? 'qif' : 'csv'}
          chosen={accountId}
          openAccounts={openAccounts}
          baseCurrency={user?.baseCurrency ?? 'USD'}
          onChoose={chooseAccount}
        />
      ) : detect.data !== undefined ? (
        <FileAccounts
          accounts={detect.data.accounts}
          chosen={accountId}
          openAccounts={openAccounts}
          onChoose={chooseAccount}
        />
      ) : null}
      {previewError}
      <StepActions onBack={reset}>
        <Button
          onClick={() => setStep(afterAccount)}
          disabled={(needsAccount && accountId === null) || data === undefined}
        >
          {needsAccount && accountId !== null && preview.isFetching
            ? 'Reading the file…'
            : 'Continue'}
          <ArrowRight aria-hidden="true" />
        </Button>
      </StepActions>
    </div>
  )

  const mapping = draft ?? shown?.csv?.mapping ?? null
  const problem = mapping !== null ? mappingProblem(mapping) : null
  const settled =
    mapping !== null &&
    problem === null &&
    JSON.stringify(completeMapping(mapping)) === JSON.stringify(applied ?? shown?.csv?.mapping)
  const columnsStep = chosen !== null && (
    <div className="space-y-5">
      <FileLine file={chosen.file} format={format} onChange={reset} />
      {shown?.csv === undefined || mapping === null ? (
        (previewError ?? <LoadingStep label="Reading the columns…" progress={previewProgress} />)
      ) : (
        <>
          <div className="space-y-1">
            <h2 className="text-base font-semibold">Match the columns</h2>
            <p className="text-sm text-muted-foreground" data-testid="mapping-source">
              {draft === null && shown.csv.source === 'preset'
                ? 'These are the columns you used last time for this account.'
                : draft === null && shown.csv.source === 'guess'
                  ? 'Kinwise guessed these settings from the file: check them against the rows below.'
                  : 'The rows below are read again as you change the settings.'}{' '}
              They are remembered for this account when you import.
            </p>
          </div>
          <MappingEditor mapping={mapping} csv={shown.csv} onChange={editMapping} />
          {problem !== null && (
            <Alert variant="warning">
              <CircleAlert aria-hidden="true" />
              <span>{problem}</span>
            </Alert>
          )}
          {previewError}
          <div className="space-y-2" aria-busy={preview.isFetching}>
            <div className="flex items-center justify-between gap-2">
              <h3 className="text-sm font-semibold">The first rows, as Kinwise reads them</h3>
              {preview.isFetching && (
                <span role="status" className="text-xs text-muted-foreground">
                  Reading again…
                </span>
              )}
            </div>
            {(shown.rows ?? []).length > 0 ? (
              <ParsedRows
                rows={(shown.rows ?? []).slice(0, FIRST_ROWS)}
                currency={accountInfo.values().next().value?.currency ?? undefined}
                caption="The first rows of the file, read with these settings"
              />
            ) : (
              <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                No row can be read with these settings yet. Check the separator, the lines to skip
                and the date and amount columns.
              </p>
            )}
            <FileIssues
              errors={shown.errors}
              warnings={[]}
              limit={5}
              errorsNote="Check the settings above, or they will be left out."
            />
          </div>
        </>
      )}
      <StepActions onBack={() => setStep('account')}>
        <Button
          onClick={() => setStep('review')}
          disabled={!settled || preview.isFetching || data === undefined || data.rowCount === 0}
        >
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </StepActions>
    </div>
  )

  const order = qifOrder ?? shown?.qifDateOrder ?? 'mdy'
  const datesStep = chosen !== null && (
    <div className="space-y-5">
      <FileLine file={chosen.file} format={format} onChange={reset} />
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold">How are the dates written?</legend>
        <p className="text-sm text-muted-foreground">
          QIF files do not say whether 01/02 is January 2 or February 1. Kinwise guessed from the
          file; check the dates below.
        </p>
        <div className="grid gap-2 sm:grid-cols-2">
          {(
            [
              { value: 'mdy', label: 'Month first', example: '01/02/2024 is January 2' },
              { value: 'dmy', label: 'Day first', example: '01/02/2024 is February 1' },
            ] as const
          ).map((o) => (
            <label
              key={o.value}
              className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent"
            >
              <input
                type="radio"
                name="qif-date-order"
                value={o.value}
                checked={order === o.value}
                onChange={() => changeQifOrder(o.value)}
                className="mt-1 accent-primary"
              />
              <span>
                <span className="block text-sm font-medium">{o.label}</span>
                <span className="block text-xs text-muted-foreground">{o.example}</span>
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      {previewError}
      {shown === undefined ? (
        !previewFailed && <LoadingStep label="Reading the dates…" progress={previewProgress} />
      ) : (
        <div className="space-y-2" aria-busy={preview.isFetching}>
          <h3 className="text-sm font-semibold">The first rows, as Kinwise reads them</h3>
          <ParsedRows
            rows={(shown.rows ?? []).slice(0, FIRST_ROWS)}
            currency={accountInfo.values().next().value?.currency ?? undefined}
            caption="The first rows of the file, with these dates"
          />
          <FileIssues errors={shown.errors} warnings={[]} limit={5} />
        </div>
      )}
      <StepActions onBack={() => setStep('account')}>
        <Button
          onClick={() => setStep('review')}
          disabled={preview.isFetching || data === undefined}
        >
          Continue
          <ArrowRight aria-hidden="true" />
        </Button>
      </StepActions>
    </div>
  )

  const counts = data !== undefined ? reviewCounts(data, overrides) : null
  const createsAccounts = data?.accounts.some((a) => a.created && accountId === null) ?? false
  // an investment statement may bring only activities (buys, sells, income), no cash rows
  const activities = data?.activities ?? 0
  const canImport =
    counts !== null &&
    (counts.added > 0 || activities > 0 || (createsAccounts && data?.rowCount === 0))
  const reviewStep = chosen !== null && (
    <div className="space-y-5">
      <FileLine file={chosen.file} format={format} onChange={reset} />
      {data === undefined || counts === null ? (
        (previewError ?? <LoadingStep label="Checking every row…" progress={previewProgress} />)
      ) : commit.isPending ? (
        <ImportProgress fileName={chosen.file.name} progress={commitProgress} rows={counts.added} />
      ) : (
        <>
          <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="review-counts">
            <div className="rounded-lg border p-3" data-testid="count-new">
              <p className="text-xs text-muted-foreground">To import</p>
              <p className="text-2xl font-semibold tabular-nums">
                {counts.added.toLocaleString('en-US')}
              </p>
            </div>
            <div className="rounded-lg border p-3" data-testid="count-duplicates">
              <p className="text-xs text-muted-foreground">Duplicates</p>
              <p className="text-2xl font-semibold tabular-nums">
                {counts.duplicates.toLocaleString('en-US')}
              </p>
            </div>
            <div className="rounded-lg border p-3" data-testid="count-transfers">
              <p className="text-xs text-muted-foreground">Transfers</p>
              <p className="text-2xl font-semibold tabular-nums">
                {counts.transfers.toLocaleString('en-US')}
              </p>
            </div>
            <div className="rounded-lg border p-3" data-testid="count-skipped">
              <p className="text-xs text-muted-foreground">Left out by you</p>
              <p className="text-2xl font-semibold tabular-nums">
                {counts.skipped.toLocaleString('en-US')}
              </p>
            </div>
          </div>
          <p className="text-sm text-muted-foreground">
            Duplicates are rows already in Kinwise and are left out; transfers between your accounts
            are linked, not counted as income or spending. Tick a duplicate to import it anyway, or
            untick a row to leave it out.{' '}
            <Link
              to="/transactions/rules"
              className="font-medium text-primary underline-offset-4 hover:underline"
            >
              Rules
            </Link>{' '}
            suggest the categories.
          </p>
          <FileIssues errors={data.errors} warnings={data.warnings} />
          {data.rowCount > (data.rows ?? []).length && (
            <p className="text-sm text-muted-foreground">
              Showing {plural((data.rows ?? []).length, 'row')} of{' '}
              {data.rowCount.toLocaleString('en-US')}: every duplicate and transfer, then the first
              new rows. The rest are imported as new.
            </p>
          )}
          {activities > 0 && (
            <p className="text-sm" data-testid="review-investments">
              It also brings {plural(activities, 'investment activity', 'investment activities')}{' '}
              (buys, sells, income and fees) and {plural(data.prices, 'price')} of its securities;
              re-imported ones are left out.
            </p>
          )}
          {data.rowCount === 0 ? (
            <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
              This file has no cash transactions in it.
              {createsAccounts && activities === 0 ? ' Importing it still adds its accounts.' : ''}
            </p>
          ) : (
            <ReviewRows
              rows={data.rows ?? []}
              overrides={overrides}
              onToggle={(row) => setOverrides((prev) => toggleRow(prev, row))}
              accounts={accountInfo}
              categoryNames={categoryNames}
              disabled={commit.isPending}
            />
          )}
          <FormError error={commit.error} />
        </>
      )}
      {!commit.isPending && (
        <StepActions onBack={() => setStep(beforeReview)}>
          <Button
            onClick={startImport}
            disabled={!canImport || data === undefined}
            data-testid="import-button"
          >
            {counts === null
              ? 'Import'
              : canImport
                ? counts.added > 0
                  ? `Import ${plural(counts.added, 'transaction')}`
                  : activities > 0
                    ? `Import ${plural(activities, 'investment activity', 'investment activities')}`
                    : 'Import the accounts'
                : 'Nothing new to import'}
          </Button>
        </StepActions>
      )}
    </div>
  )

  const content = (() => {
    switch (visibleStep) {
      case 'file':
        return fileStep
      case 'account':
        return accountStep
      case 'columns':
        return columnsStep
      case 'dates':
        return datesStep
      case 'review':
        return reviewStep
      case 'done':
        return result !== null && chosen !== null ? (
          <ImportSummary result={result} fileName={chosen.file.name} onAnother={reset} />
        ) : null
    }
  })()

  return (
    <div className="flex-1" data-testid="import-page">
      <PageBody wide>
        <PageHeader
          description="Bring in your bank's statement file. Nothing is saved until you confirm, duplicates are left out, and every import can be undone."
          actions={
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <Button asChild variant="outline">
                <Link to="/transactions/rules">
                  <Workflow aria-hidden="true" />
                  Rules
                </Link>
              </Button>
              <Button asChild variant="ghost">
                <Link to="/transactions">
                  <ArrowLeft aria-hidden="true" />
                  Transactions
                </Link>
              </Button>
            </div>
          }
        />
        <Card>
          <CardContent className="space-y-6 pt-5">
            <ImportSteps steps={steps} current={visibleStep} />
            {content}
          </CardContent>
        </Card>
        <PastImports />
      </PageBody>
    </div>
  )
}
