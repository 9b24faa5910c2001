// Query keys of the import page: URL parts under '/api/imports' (past imports, previews) and
// '/api/import-presets'. A preview is keyed by the chosen file and every option sent with it,
// so changing the mapping asks again and going back to an earlier mapping is instant.
import { API_ROOTS } from '#src/web/lib/query-keys'
import type { ImportOptions } from './import-form'

export const IMPORTS_ROOT = '/api/imports'
export const PRESETS_ROOT = '/api/import-presets'

export const importKeys = {
  /** the past imports list (not the previews: an import must not re-send the file) */
  list: () => [IMPORTS_ROOT, 'list'] as const,
  preview: (fileKey: string, options: ImportOptions) =>
    [IMPORTS_ROOT, 'preview', fileKey, options] as const,
  presets: () => [PRESETS_ROOT] as const,
  /** how far one import has got (its own id, chosen by the wizard) */
  progress: (id: string) => [IMPORTS_ROOT, 'progress', id] as const,
  /** one stored transaction (the row a duplicate matches): under the ledger's root */
  transaction: (id: string) => [API_ROOTS.transactions, id] as const,
}
