// POST /api/imports: the import itself, in one transaction on the server. Its rows move
// balances, lists, summaries, the plan and budgets, so the ledger's queries refresh; the past
// imports list and the saved CSV mappings too.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { createImport } from '#src/contract/imports'
import { invalidateLedger } from '#src/web/lib/query-keys'
import { uploadFile, type UploadProgress } from '#src/web/lib/upload'
import { importForm, type ImportCategoryChoice, type ImportOptions, type ImportOverride } from './import-form'
import { importKeys } from './import-keys'

export type CommitImport = {
  file: File
  options: ImportOptions
  overrides: readonly ImportOverride[]
  categories?: readonly ImportCategoryChoice[]
  onProgress?: (progress: UploadProgress) => void
  /** an id of the wizard's choosing: GET /api/imports/progress follows the server's work by it */
  progressId?: string
}

export function useCommitImport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, options, overrides, categories = [], onProgress, progressId }: CommitImport) =>
      uploadFile(createImport, {
        form: importForm(file, options, overrides, categories),
        onProgress,
        ...(progressId ? { query: { progress: progressId } } : {}),
      }),
    onSuccess: () =>
      Promise.all([
        invalidateLedger(queryClient),
        queryClient.invalidateQueries({ queryKey: importKeys.list() }),
        queryClient.invalidateQueries({ queryKey: importKeys.presets() }),
      ]),
  })
}
