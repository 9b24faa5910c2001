// The import under way: the upload's progress while the file goes out, then "Importing…" while
// the server writes every row in one transaction.
import { Progress } from '../../../components/ui/progress'
import type { UploadProgress } from '../../../lib/upload'
import { fileSizeText, plural } from '../import-flow'

export function ImportProgress({
  fileName,
  progress,
  rows,
}: {
  fileName: string
  progress: UploadProgress | null
  rows: number
}) {
  const uploading = progress !== null && progress.loaded < progress.total
  const percent =
    progress === null || progress.total === 0
      ? 0
      : Math.round((progress.loaded / progress.total) * 100)
  return (
    <div className="space-y-3 py-6" data-testid="import-progress">
      <p role="status" className="text-sm font-medium">
        {uploading ? `Uploading ${fileName}… ${percent}%` : `Importing ${plural(rows, 'row')}…`}
      </p>
      {uploading ? (
        <Progress value={percent} aria-label="Upload progress" />
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
