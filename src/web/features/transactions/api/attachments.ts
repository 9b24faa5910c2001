// A transaction's receipts: GET /api/transactions/{id}/attachments, the upload
// (multipart, with progress), DELETE /api/attachments/{id}, and the address of a file. The keys
// sit under the transactions root, so a change also refreshes the list's paperclips.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import {
  createAttachment,
  deleteAttachment,
  listAttachments,
  type Attachment,
} from '#src/contract/attachments'
import { callEndpoint } from '#src/web/lib/api'
import { API_ROOTS, invalidateRoots } from '#src/web/lib/query-keys'
import { uploadFile, type UploadProgress } from '#src/web/lib/upload'
import { transactionKeys } from './transaction-keys'

export function useAttachments(transactionId: string) {
  return useQuery({
    queryKey: transactionKeys.attachments(transactionId),
    queryFn: ({ signal }) => callEndpoint(listAttachments, { params: { id: transactionId }, signal }),
  })
}

export function useUploadAttachment(transactionId: string) {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: ({ file, onProgress }: { file: File; onProgress?: (p: UploadProgress) => void }) => {
      const form = new FormData()
      form.append('file', file, file.name)
      return uploadFile(createAttachment, { params: { id: transactionId }, form, ...(onProgress ? { onProgress } : {}) })
    },
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.transactions]),
  })
}

export function useDeleteAttachment() {
  const queryClient = useQueryClient()
  return useMutation({
    mutationFn: (id: string) => callEndpoint(deleteAttachment, { params: { id } }),
    onSuccess: () => invalidateRoots(queryClient, [API_ROOTS.transactions]),
  })
}

/** Where the browser fetches a file (with the session cookie); `download` asks to save it. */
export function attachmentUrl(attachment: Pick<Attachment, 'id'>, download = false): string {
  return `/api/attachments/${encodeURIComponent(attachment.id)}/content${download ? '?download=true' : ''}`
}
