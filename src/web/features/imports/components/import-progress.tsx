// The import under way: the upload's progress while the file goes out, then the server's own
// count of the rows it has checked and written (GET /api/imports/progress) against the rows the
// preview found, until the one transaction commits.
import type { ImportProgressDto } from '#src/contract/imports'
import { Progress } from '#src/web/components/ui/progress'
import { useFormat } from '#src/web/lib/format'
import type { UploadProgress } from '#src/web/lib/upload'
import { fileSizeText, plural, serverPercent } from '../import-flow'

export function ImportProgress({
  fileName,
  progress,
  server,
  rows,
  added,
}: {
  fileName: string
  progress: UploadProgress | null
  server: ImportProgressDto | null
  /** the rows of the file (the preview's count) */
  rows: number
  /** the rows it will add */
  added: number
}) {
  const uploading = progress !== null && progress.loaded < progress.total
  const sent =
    progress === null || progress.total === 0
      ? 0
      : Math.round((progress.loaded / progress.total) * 100)
  const f = useFormat()
  const working = serverPercent(server, rows)
  const label = uploading
    ? `Uploading ${fileName}… ${sent}%`
    : working !== null && server !== null
      ? `Importing ${plural(added, 'row')}… ${f.number(server.rows)} of ${f.number(rows)} done (${f.percent(working)})`
      : `Importing ${plural(added, 'row')}…`
  return (
    <div className="space-y-3 py-6" data-testid="import-progress">
      <p role="status" className="text-sm font-medium">
        {label}
      </p>
      {uploading ? (
        <Progress value={sent} aria-label="Upload progress" />
      ) : working !== null ? (
        <Progress value={working} aria-label="Import progress" />
      ) : (
        <Progress value={100} aria-label="Importing" indicatorClassName="animate-pulse" />
      )}
      <p className="text-xs text-muted-foreground">
        {uploading && progress !== null
          ? `${fileSizeText(progress.loaded)} of ${fileSizeText(progress.total)} sent.`
          : 'Every row is written in one go: if anything fails, nothing is kept. Keep this page open.'}
      </p>
    </div>
  )
}
