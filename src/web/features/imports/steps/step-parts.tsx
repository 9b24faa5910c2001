// The pieces every step of the import wizard shares: the Back/Continue bar, the loading
// skeleton (with the upload's progress for a big file), the chosen file's line, the preview's
// error and what to say about a refused file.
import { ArrowLeft, CircleAlert, FileText } from 'lucide-react'
import type { ReactNode } from 'react'
import { Alert } from '#src/web/components/ui/alert'
import { Badge } from '#src/web/components/ui/badge'
import { Button } from '#src/web/components/ui/button'
import { Progress } from '#src/web/components/ui/progress'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage, errorStatus } from '#src/web/lib/api'
import type { UploadProgress } from '#src/web/lib/upload'
import { fileSizeText, FORMAT_LABELS, type StatementFormat } from '../import-flow'
import type { ImportWizard } from '../use-import-wizard'

/** Preview uploads above this size show their progress (smaller ones are instant). */
const SHOW_UPLOAD_FROM_BYTES = 512 * 1024

/** The preview's refusal, once an account (or mapping) is chosen: the first look's is expected. */
export function PreviewError({ w }: { w: ImportWizard }) {
  if (!w.previewFailed) return null
  return (
    <Alert variant="destructive" data-testid="preview-error">
      <CircleAlert aria-hidden="true" />
      <span>{errorMessage(w.preview.error)}</span>
    </Alert>
  )
}

/** What to do about a file the server refused (or an upload that did not get there). */
export function refusalHint(error: unknown, fileName: string): string {
  const status = errorStatus(error)
  if (status === null) return 'Check your connection, then try again.'
  if (status === 413) {
    return 'Export a shorter period from your bank, or ask whoever runs this server to raise its upload limit (MAX_UPLOAD_MB).'
  }
  if (/\.pdf$/i.test(fileName)) {
    return 'A PDF statement is made to be read by people: download the same statement as CSV, OFX or QIF instead (look for “Export” or “Download” in your online banking).'
  }
  return 'Choose another file: Kinwise reads the OFX, QFX, QIF, CSV and CAMT.053 statements banks export (look for “Export” or “Download” in your online banking).'
}

export function StepActions({
  onBack,
  backLabel = 'Back',
  children,
}: {
  onBack?: () => void
  backLabel?: string
  children?: ReactNode
}) {
  return (
    <div className="flex flex-col-reverse gap-2 border-t pt-4 sm:flex-row sm:items-center sm:justify-between">
      {onBack ? (
        <Button variant="ghost" onClick={onBack}>
          <ArrowLeft aria-hidden="true" />
          {backLabel}
        </Button>
      ) : (
        <span />
      )}
      <div className="flex flex-col gap-2 sm:flex-row">{children}</div>
    </div>
  )
}

export function LoadingStep({
  label,
  progress,
}: {
  label: string
  progress: UploadProgress | null
}) {
  const big = progress !== null && progress.total >= SHOW_UPLOAD_FROM_BYTES
  const uploading = big && progress.loaded < progress.total
  return (
    <div className="space-y-4" aria-busy="true">
      <p role="status" className="text-sm text-muted-foreground">
        {uploading
          ? `${label} Uploading… ${Math.round((progress.loaded / progress.total) * 100)}%`
          : label}
      </p>
      {big && (
        <Progress
          value={uploading ? (progress.loaded / progress.total) * 100 : 100}
          aria-label="Upload progress"
          indicatorClassName={uploading ? undefined : 'animate-pulse'}
        />
      )}
      <div className="space-y-2 rounded-lg border p-3">
        {Array.from({ length: 5 }, (_, i) => (
          <div key={i} className="flex items-center gap-4">
            <Skeleton className="h-4 w-16" />
            <Skeleton className="h-4 flex-1" />
            <Skeleton className="h-4 w-20" />
          </div>
        ))}
      </div>
    </div>
  )
}

export function FileLine({
  file,
  format,
  onChange,
}: {
  file: File
  format: StatementFormat | null
  onChange: () => void
}) {
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg bg-muted/50 px-3 py-2 text-sm">
      <FileText className="size-4 text-muted-foreground" aria-hidden="true" />
      <span className="min-w-0 truncate font-medium" data-testid="chosen-file">
        {file.name}
      </span>
      <span className="text-muted-foreground">{fileSizeText(file.size)}</span>
      {format !== null && (
        <Badge variant="accent" data-testid="detected-format">
          {FORMAT_LABELS[format]} file
        </Badge>
      )}
      <Button variant="link" size="sm" className="ml-auto h-auto p-0" onClick={onChange}>
        Choose another file
      </Button>
    </div>
  )
}
