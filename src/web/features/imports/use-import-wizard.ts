// The state of the import wizard (import-page.tsx draws it, one component per step): the chosen
// file, what the server made of it (a first preview that tells the format, then a preview with
// the account, mapping or date order chosen), the user's overrides and categories, and the
// import itself. Steps are in import-flow.ts; every read and write goes through ./api.
import { useQuery } from '@tanstack/react-query'
import { useMemo, useRef, useState } from 'react'
import type { ImportResult, ImportRow } from '#src/contract/imports'
import { errorBody, errorCode } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { accountsQuery } from '#src/web/lib/queries/accounts'
import { categoryOptions, categoriesQuery } from '#src/web/lib/queries/categories'
import type { UploadProgress } from '#src/web/lib/upload'
import { useCommitImport } from './api/commit-import'
import { useImportProgress } from './api/import-progress'
import { chooseFile, type ChosenFile, type ImportOptions } from './api/import-form'
import { useImportPreview } from './api/preview-import'
import type { AccountInfo } from './components/preview-rows'
import {
  categoryList,
  completeMapping,
  errorFormat,
  overrideList,
  reviewCounts,
  stepsFor,
  toggleRow,
  type CategoryChoices,
  type DraftMapping,
  type Overrides,
  type StatementFormat,
  type StepId,
} from './import-flow'

type CsvMapping = NonNullable<ImportOptions['mapping']>
export type QifOrder = NonNullable<ImportOptions['qifDateOrder']>

const MAPPING_DELAY_MS = 300

export function useImportWizard() {
  const { user } = useAuth()
  const accounts = useQuery(accountsQuery)
  const categories = useQuery(categoriesQuery)
  const commit = useCommitImport()

  const [chosen, setChosen] = useState<ChosenFile | null>(null)
  const [step, setStep] = useState<StepId>('account')
  const [accountId, setAccountId] = useState<string | null>(null)
  const [draft, setDraft] = useState<DraftMapping | null>(null)
  const [applied, setApplied] = useState<CsvMapping | null>(null)
  const [qifOrder, setQifOrder] = useState<QifOrder | null>(null)
  const [overrides, setOverrides] = useState<Overrides>(new Map())
  const [categoryChoices, setCategoryChoices] = useState<CategoryChoices>(new Map())
  const [previewProgress, setPreviewProgress] = useState<UploadProgress | null>(null)
  const [commitProgress, setCommitProgress] = useState<UploadProgress | null>(null)
  // the server's side of the import under way: asked for once the file has gone out
  const [progressId, setProgressId] = useState<string | null>(null)
  const uploaded = commitProgress === null || commitProgress.loaded >= commitProgress.total
  const serverProgress = useImportProgress(progressId, commit.isPending && uploaded).data ?? null
  const [result, setResult] = useState<ImportResult | null>(null)
  const mappingTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)

  // the first preview, with nothing chosen, tells the format (or that an account is needed)
  const detect = useImportPreview(chosen, {}, { onProgress: setPreviewProgress })
  const accountRequired = errorCode(detect.error) === 'ACCOUNT_REQUIRED'
  // the server says which format it found, as data in its answer or in its refusal
  const format: StatementFormat | null =
    detect.data?.format ?? (accountRequired ? errorFormat(errorBody(detect.error)) : null)
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
  const categoryChoicesOptions = useMemo(
    () => categoryOptions(categories.data ?? []),
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
    setCategoryChoices(new Map())
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
    setCategoryChoices(new Map())
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
    const id = crypto.randomUUID()
    setProgressId(id)
    commit.mutate(
      {
        file: chosen.file,
        progressId: id,
        options: {
          ...options,
          ...(mapping !== undefined ? { mapping } : {}),
          ...(format === 'qif' && data.qifDateOrder !== null
            ? { qifDateOrder: qifOrder ?? data.qifDateOrder }
            : {}),
        },
        overrides: overrideList(overrides, data.rows ?? []),
        categories: categoryList(categoryChoices, data.rows ?? []),
        onProgress: setCommitProgress,
      },
      { onSuccess: (answer) => setResult(answer) },
    )
  }

  const toggle = (row: ImportRow) => setOverrides((prev) => toggleRow(prev, row))
  const chooseCategory = (row: ImportRow, categoryId: string | null) =>
    setCategoryChoices((prev) => new Map(prev).set(row.row, categoryId))

  const counts = data !== undefined ? reviewCounts(data, overrides) : null
  const createsAccounts = data?.accounts.some((a) => a.created && accountId === null) ?? false
  // an investment statement may bring only activities (buys, sells, income), no cash rows
  const activities = data?.activities ?? 0
  const canImport =
    counts !== null &&
    (counts.added > 0 || activities > 0 || (createsAccounts && data?.rowCount === 0))
  // (with no account chosen yet, the preview is the first look, whose refusal is expected)
  const previewFailed = previewEnabled && preview.error !== null && !preview.isFetching

  return {
    user,
    accounts,
    commit,
    chosen,
    step,
    setStep,
    accountId,
    draft,
    applied,
    qifOrder,
    overrides,
    categoryChoices,
    categoryOptions: categoryChoicesOptions,
    previewProgress,
    commitProgress,
    serverProgress,
    result,
    detect,
    format,
    needsAccount,
    unreadable,
    refused,
    preview,
    previewFailed,
    data,
    shown,
    openAccounts,
    accountInfo,
    steps,
    detecting,
    visibleStep,
    reset,
    onFile,
    chooseAccount,
    editMapping,
    changeQifOrder,
    afterAccount,
    beforeReview,
    startImport,
    toggle,
    chooseCategory,
    counts,
    createsAccounts,
    activities,
    canImport,
  }
}

export type ImportWizard = ReturnType<typeof useImportWizard>
