// Your data: downloading the export ZIP, importing an export into this (empty)
// household, and asking for or cancelling the deletion of one's account. The signed-in user
// carries deleteAfter, so the deletion calls put their answer straight into its query: the app
// switches to (or back from) the deletion screen at once.
import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { User } from '#src/contract/auth'
import {
  cancelDeletion,
  exportData,
  importExport,
  requestDeletion,
  type ImportSummary,
} from '#src/contract/data'
import { callEndpoint } from '#src/web/lib/api'
import { USER_QUERY_KEY } from '#src/web/lib/auth'
import { uploadFile } from '#src/web/lib/upload'

/**
 * Fetches the export and hands it to the browser as a download. A refusal throws
 * "<status>: <body>" like every other call (403 REAUTH_REQUIRED asks for the password first).
 */
export async function downloadExport(): Promise<string> {
  const res = await fetch(exportData.path, { credentials: 'include' })
  if (!res.ok) throw new Error(`${res.status}: ${(await res.text()) || res.statusText}`)
  const blob = await res.blob()
  const name =
    /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ??
    'kinwise-export.zip'
  const url = URL.createObjectURL(blob)
  const link = document.createElement('a')
  link.href = url
  link.download = name
  document.body.append(link)
  link.click()
  link.remove()
  // the browser has taken its copy once the click is handled
  setTimeout(() => URL.revokeObjectURL(url), 60_000)
  return name
}

export function useDownloadExport() {
  return useMutation({ mutationFn: downloadExport })
}

export function useImportExport() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (file: File): Promise<ImportSummary> => {
      const form = new FormData()
      form.append('file', file)
      return uploadFile(importExport, { form })
    },
    // everything in the household is new: every cached answer is stale
    onSuccess: () => queryClient.invalidateQueries(),
  })
}

function useSetDeleteAfter() {
  const queryClient = useQueryClient()
  return (deleteAfter: string | null) =>
    queryClient.setQueryData<User | null>(USER_QUERY_KEY, (user) =>
      user ? { ...user, deleteAfter } : user,
    )
}

export function useRequestDeletion() {
  const setDeleteAfter = useSetDeleteAfter()
  return useMutation({
    mutationFn: (password: string) => callEndpoint(requestDeletion, { body: { password } }),
    onSuccess: (answer) => setDeleteAfter(answer.deleteAfter),
  })
}

export function useCancelDeletion() {
  const setDeleteAfter = useSetDeleteAfter()
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: () => callEndpoint(cancelDeletion, {}),
    onSuccess: () => {
      setDeleteAfter(null)
      // pages read while the account was restricted answered 403: read them again
      void queryClient.invalidateQueries({
        predicate: (query) => query.queryKey[0] !== USER_QUERY_KEY[0],
      })
    },
  })
}
