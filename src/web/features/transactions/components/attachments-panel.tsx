// A transaction's receipts: thumbnails (photos scaled by the browser; PDFs and HEIC
// photos as a file card), a viewer that steps through them with the arrow keys, and adding files
// by dropping them here or through the file picker (which offers the phone's camera).
import { ChevronLeft, ChevronRight, Download, ExternalLink, FileText, Paperclip, Upload, X } from 'lucide-react'
import { useId, useRef, useState, type DragEvent, type KeyboardEvent } from 'react'
import type { Attachment } from '#src/contract/attachments'
import { ATTACHMENT_ACCEPT, fileSizeLabel, isPreviewableImage } from '#src/domain/attachments'
import { FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { Dialog, DialogContent, DialogDescription, DialogTitle } from '#src/web/components/ui/dialog'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { attachmentUrl, useAttachments, useDeleteAttachment, useUploadAttachment } from '../api/attachments'

export function AttachmentsPanel({ transactionId, label }: { transactionId: string; label: string }) {
  const list = useAttachments(transactionId)
  const upload = useUploadAttachment(transactionId)
  const remove = useDeleteAttachment()
  const [progress, setProgress] = useState<{ name: string; percent: number } | null>(null)
  const [viewing, setViewing] = useState<number | null>(null)
  const [dragging, setDragging] = useState(false)
  const inputRef = useRef<HTMLInputElement>(null)
  const headingId = useId()
  const files = list.data ?? []

  const send = async (chosen: FileList | null) => {
    if (!chosen) return
    remove.reset()
    for (const file of Array.from(chosen)) {
      setProgress({ name: file.name, percent: 0 })
      try {
        await upload.mutateAsync({
          file,
          onProgress: (p) => setProgress({ name: file.name, percent: Math.round((p.loaded / p.total) * 100) }),
        })
      } catch {
        break // shown from the mutation's error below
      } finally {
        setProgress(null)
      }
    }
    if (inputRef.current) inputRef.current.value = ''
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    void send(e.dataTransfer.files)
  }

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="flex items-center gap-2 text-sm font-medium">
        <Paperclip className="size-4" aria-hidden="true" />
        Receipts
      </h3>
      {list.isPending ? (
        <div className="flex gap-2">
          <Skeleton className="size-20" />
          <Skeleton className="size-20" />
        </div>
      ) : list.isError ? (
        <FormError error={list.error} />
      ) : (
        files.length > 0 && (
          <ul className="flex flex-wrap gap-2" aria-label={`Receipts of ${label}`}>
            {files.map((file, index) => (
              <li key={file.id} className="relative">
                <button
                  type="button"
                  className="block size-20 overflow-hidden rounded-md border bg-muted outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  onClick={() => setViewing(index)}
                  aria-label={`View ${file.fileName}`}
                >
                  <Thumbnail file={file} />
                </button>
                <Button
                  type="button"
                  variant="outline"
                  size="icon-sm"
                  className="absolute -top-2 -right-2 size-6 rounded-full bg-card"
                  aria-label={`Remove ${file.fileName}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(file.id)}
                >
                  <X aria-hidden="true" />
                </Button>
              </li>
            ))}
          </ul>
        )
      )}
      <div
        data-testid="receipt-drop-zone"
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn(
          'flex flex-col items-center gap-2 rounded-lg border border-dashed p-4 text-center text-sm text-muted-foreground',
          dragging && 'border-primary bg-accent/40',
        )}
      >
        <p>Drop a photo or PDF here, or</p>
        <input
          ref={inputRef}
          id={`${headingId}-file`}
          type="file"
          multiple
          accept={ATTACHMENT_ACCEPT}
          className="sr-only"
          onChange={(e) => void send(e.target.files)}
          aria-label="Add a receipt"
        />
        <Button type="button" variant="outline" size="sm" onClick={() => inputRef.current?.click()} disabled={progress !== null}>
          <Upload aria-hidden="true" />
          Add a receipt
        </Button>
        {progress && (
          <p role="status">
            Uploading {progress.name}… {progress.percent}%
          </p>
        )}
      </div>
      {(upload.error ?? remove.error) && (
        <p role="alert" className="text-sm text-negative">
          {errorMessage(upload.error ?? remove.error)}
        </p>
      )}
      <AttachmentViewer files={files} index={viewing} onIndexChange={setViewing} />
    </section>
  )
}

function Thumbnail({ file }: { file: Attachment }) {
  if (isPreviewableImage(file.kind)) {
    return <img src={attachmentUrl(file)} alt="" loading="lazy" className="size-full object-cover" />
  }
  return (
    <span className="flex size-full flex-col items-center justify-center gap-1 p-1 text-xs text-muted-foreground">
      <FileText className="size-6" aria-hidden="true" />
      <span className="w-full truncate">{file.kind === 'pdf' ? 'PDF' : 'HEIC'}</span>
    </span>
  )
}

/** One file at a time, large; ← and → step through them, Esc closes. */
export function AttachmentViewer({
  files,
  index,
  onIndexChange,
}: {
  files: Attachment[]
  index: number | null
  onIndexChange: (index: number | null) => void
}) {
  const file = index === null ? undefined : files[index]
  const step = (by: number) => {
    if (index === null || files.length === 0) return
    onIndexChange((index + by + files.length) % files.length)
  }
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'ArrowRight') {
      e.preventDefault()
      step(1)
    } else if (e.key === 'ArrowLeft') {
      e.preventDefault()
      step(-1)
    }
  }
  return (
    <Dialog open={file !== undefined} onOpenChange={(open) => !open && onIndexChange(null)}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-3xl overflow-y-auto" onKeyDown={onKeyDown}>
        {file && index !== null && (
          <>
            <div className="space-y-1.5 pr-6">
              <DialogTitle className="truncate">{file.fileName}</DialogTitle>
              <DialogDescription>
                {index + 1} of {files.length} · {fileSizeLabel(file.size)}
              </DialogDescription>
            </div>
            <div className="flex min-h-48 items-center justify-center rounded-md bg-muted">
              {isPreviewableImage(file.kind) ? (
                <img
                  src={attachmentUrl(file)}
                  alt={file.fileName}
                  className="max-h-[65dvh] w-auto max-w-full object-contain"
                />
              ) : (
                <div className="flex flex-col items-center gap-2 p-8 text-muted-foreground">
                  <FileText className="size-12" aria-hidden="true" />
                  <p>{file.kind === 'pdf' ? 'A PDF document' : 'A HEIC photo: download it to see it on this device'}</p>
                </div>
              )}
            </div>
            <div className="flex flex-wrap items-center gap-2">
              {files.length > 1 && (
                <>
                  <Button type="button" variant="outline" size="sm" onClick={() => step(-1)} aria-label="Previous receipt">
                    <ChevronLeft aria-hidden="true" />
                  </Button>
                  <Button type="button" variant="outline" size="sm" onClick={() => step(1)} aria-label="Next receipt">
                    <ChevronRight aria-hidden="true" />
                  </Button>
                </>
              )}
              <div className="ml-auto flex gap-2">
                {file.kind === 'pdf' && (
                  <Button asChild variant="outline" size="sm">
                    <a href={attachmentUrl(file)} target="_blank" rel="noopener noreferrer">
                      <ExternalLink aria-hidden="true" />
                      Open
                    </a>
                  </Button>
                )}
                <Button asChild variant="outline" size="sm">
                  <a href={attachmentUrl(file, true)} download={file.fileName}>
                    <Download aria-hidden="true" />
                    Download
                  </a>
                </Button>
              </div>
            </div>
          </>
        )}
      </DialogContent>
    </Dialog>
  )
}

/** The receipts of a transaction in a dialog of their own (the desktop table's paperclip and menu). */
export function ReceiptsDialog({
  transactionId,
  label,
  onOpenChange,
}: {
  transactionId: string | null
  label: string
  onOpenChange: (open: boolean) => void
}) {
  return (
    <Dialog open={transactionId !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] overflow-y-auto">
        <div className="space-y-1.5 pr-6">
          <DialogTitle>Receipts</DialogTitle>
          <DialogDescription>Photos and PDFs kept with {label}.</DialogDescription>
        </div>
        {transactionId !== null && <AttachmentsPanel transactionId={transactionId} label={label} />}
      </DialogContent>
    </Dialog>
  )
}
