// POST /api/quickbooks/export: the file for a range, saved by the browser under the name the
// server gives it. The POST records the export (the log, and "only new" leaves its rows out next
// time), so the log refreshes after one; the GET of the same path would record nothing.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { z } from 'zod'
import { recordQuickbooksExport, type exportBody } from '#src/contract/quickbooks'
import { apiRequest, endpointUrl } from '#src/web/lib/api'
import { quickbooksKeys } from './quickbooks-keys'

export type ExportRequest = z.input<typeof exportBody>
export type DownloadedExport = { fileName: string; count: number }

/** The file name of a Content-Disposition header, or null. */
export function fileNameOf(disposition: string | null): string | null {
  const match = /filename="([^"]+)"/.exec(disposition ?? '')
  return match?.[1] ?? null
}

function save(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = fileName
  link.rel = 'noopener'
  document.body.append(link)
  link.click()
  link.remove()
  // the click has handed the blob to the download by the next task
  window.setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export async function downloadExport(request: ExportRequest): Promise<DownloadedExport> {
  const res = await apiRequest('POST', endpointUrl(recordQuickbooksExport, {}), request)
  const fileName = fileNameOf(res.headers.get('content-disposition')) ?? `kinwise-quickbooks.${request.format}`
  save(await res.blob(), fileName)
  return { fileName, count: Number(res.headers.get('x-kinwise-export-count') ?? '0') }
}

export function useDownloadExport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: downloadExport,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: quickbooksKeys.exports }),
  })
}
