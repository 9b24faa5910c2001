// GET /api/imports/progress: how far the server has got with an import the wizard sent with
// ?progress=<id>, asked every second while it works (after the upload has gone out).
import { useQuery } from '@tanstack/react-query'
import { getImportProgress } from '#src/contract/imports'
import { callEndpoint } from '#src/web/lib/api'
import { importKeys } from './import-keys'

export const PROGRESS_POLL_MS = 1000

export function useImportProgress(id: string | null, enabled: boolean) {
  return useQuery({
    queryKey: importKeys.progress(id ?? ''),
    queryFn: ({ signal }) => callEndpoint(getImportProgress, { query: { id: id ?? '' }, signal }),
    enabled: enabled && id !== null,
    refetchInterval: PROGRESS_POLL_MS,
    // a poll that fails is just a missed tick: the bar waits for the next
    retry: false,
    gcTime: 0,
  })
}
