// POST /api/imports?preview=true: what the file would add, written nowhere. Asked again for each
// account, mapping or date order the user tries; the earlier answer stays on screen meanwhile.
import { useQuery } from '@tanstack/react-query'
import { createImport } from '#src/contract/imports'
import { uploadFile, type UploadProgress } from '#src/web/lib/upload'
import { importForm, type ChosenFile, type ImportOptions } from './import-form'
import { importKeys } from './import-keys'

export function useImportPreview(
  chosen: ChosenFile | null,
  options: ImportOptions,
  {
    enabled = true,
    onProgress,
  }: { enabled?: boolean; onProgress?: (p: UploadProgress) => void } = {},
) {
  return useQuery({
    queryKey: importKeys.preview(chosen?.key ?? '', options),
    queryFn: ({ signal }) => {
      if (chosen === null) throw new Error('Choose a file first')
      return uploadFile(createImport, {
        form: importForm(chosen.file, options),
        query: { preview: 'true' },
        signal,
        onProgress,
      })
    },
    enabled: chosen !== null && enabled,
    // a preview of one file with one set of options does not change while the page is open
    staleTime: Infinity,
    gcTime: 2 * 60 * 1000,
    // the last answer for the same file stays while another mapping is read (never another file's)
    placeholderData: (previous, previousQuery) =>
      chosen !== null && previousQuery?.queryKey[2] === chosen.key ? previous : undefined,
  })
}
