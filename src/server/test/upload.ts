// Test helper: uploads through inject (statements, receipts, profile photos), as
// multipart/form-data built with FormData.
import type { LightMyRequestResponse } from 'fastify'
import type { Client } from './helper'

export type UploadOptions = {
  fileName?: string
  fields?: Record<string, string | object>
  preview?: boolean
  /** the id GET /api/imports/progress follows this upload by */
  progress?: string
}

/** POSTs a file to /api/imports (or ?preview=true) as the `file` field, with text fields. */
export function upload(client: Client, content: string | Uint8Array, options: UploadOptions = {}): Promise<LightMyRequestResponse> {
  const form = new FormData()
  for (const [name, value] of Object.entries(options.fields ?? {})) {
    form.append(name, typeof value === 'string' ? value : JSON.stringify(value))
  }
  // a copy on a plain ArrayBuffer, which is what Blob takes
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content)
  form.append('file', new Blob([bytes]), options.fileName ?? 'statement.csv')
  const query = new URLSearchParams({ ...(options.preview ? { preview: 'true' } : {}), ...(options.progress ? { progress: options.progress } : {}) }).toString()
  return client.request({ method: 'POST', url: `/api/imports${query ? `?${query}` : ''}`, payload: form })
}

/** POSTs a file to a transaction's attachments as the `file` field (modules/attachments). */
export function attach(client: Client, transactionId: string, content: string | Uint8Array, fileName = 'receipt.jpg'): Promise<LightMyRequestResponse> {
  const form = new FormData()
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content)
  form.append('file', new Blob([bytes]), fileName)
  return client.request({ method: 'POST', url: `/api/transactions/${transactionId}/attachments`, payload: form })
}

/** PUTs a picture as the signed-in member's profile photo, as the `file` field (modules/user). */
export function uploadAvatar(client: Client, content: string | Uint8Array, fileName = 'me.png'): Promise<LightMyRequestResponse> {
  const form = new FormData()
  const bytes = typeof content === 'string' ? new TextEncoder().encode(content) : new Uint8Array(content)
  form.append('file', new Blob([bytes]), fileName)
  return client.request({ method: 'PUT', url: '/api/user/avatar', payload: form })
}
