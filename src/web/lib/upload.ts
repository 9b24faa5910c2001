// Multipart uploads to a contract endpoint (a bank statement and its form fields): the session
// cookie goes along, a non-OK answer throws "<status>: <text>" like callEndpoint, and the answer
// is decoded by the contract's response schema. XMLHttpRequest rather than fetch, because only
// it reports how much of a request body has gone out (the progress bar of a large file).
import type { EndpointArgs, EndpointDef, EndpointOutput } from '#src/contract/endpoint'
import { endpointUrl } from './api'

export type UploadProgress = { loaded: number; total: number }

export type UploadArgs<E extends EndpointDef> = Partial<
  Pick<EndpointArgs<E>, 'params' | 'query'>
> & {
  form: FormData
  /** told as the body goes out; the server's work starts when loaded reaches total */
  onProgress?: (progress: UploadProgress) => void
  signal?: AbortSignal
}

export const UPLOAD_NETWORK_ERROR =
  'The upload stopped before the server answered. Check your connection and try again.'

function abortError(): DOMException {
  return new DOMException('The upload was cancelled', 'AbortError')
}

/** Sends FormData to one endpoint and decodes its JSON answer (cents, dates) with the contract. */
export function uploadFile<E extends EndpointDef>(
  def: E,
  args: UploadArgs<E>,
): Promise<EndpointOutput<E>> {
  const { form, onProgress, signal } = args
  return new Promise((resolve, reject) => {
    if (signal?.aborted) {
      reject(abortError())
      return
    }
    const xhr = new XMLHttpRequest()
    const onAbort = () => xhr.abort()
    const settle = () => signal?.removeEventListener('abort', onAbort)
    xhr.open(def.method, endpointUrl(def, args))
    xhr.withCredentials = true
    xhr.responseType = 'text'
    xhr.setRequestHeader('Accept', 'application/json')
    if (onProgress) {
      xhr.upload.addEventListener('progress', (event) => {
        if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total })
      })
    }
    xhr.addEventListener('load', () => {
      settle()
      const text = xhr.responseText
      if (xhr.status < 200 || xhr.status >= 300) {
        reject(new Error(`${xhr.status}: ${text || xhr.statusText}`))
        return
      }
      try {
        if (def.response === null || xhr.status === 204) {
          resolve(null as EndpointOutput<E>)
          return
        }
        const json: unknown = JSON.parse(text)
        resolve(def.response.parse(json) as EndpointOutput<E>)
      } catch (error) {
        reject(error instanceof Error ? error : new Error(String(error)))
      }
    })
    xhr.addEventListener('error', () => {
      settle()
      reject(new Error(UPLOAD_NETWORK_ERROR))
    })
    xhr.addEventListener('abort', () => {
      settle()
      reject(abortError())
    })
    signal?.addEventListener('abort', onAbort, { once: true })
    xhr.send(form)
  })
}
