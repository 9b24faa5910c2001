// The problems a preview found in the file: lines that cannot be read (named, with what was
// wrong) and warnings about the whole file, the first few of each.
import { CircleAlert, Info } from 'lucide-react'
import type { ImportResult } from '#src/contract/imports'
import { Alert } from '#src/web/components/ui/alert'
import { issueText, plural } from '../import-flow'

export function FileIssues({
  errors,
  warnings,
  limit = 8,
  errorsNote = 'They will be left out.',
}: {
  errors: ImportResult['errors']
  warnings: ImportResult['warnings']
  limit?: number
  errorsNote?: string
}) {
  return (
    <>
      {warnings.length > 0 && (
        <Alert variant="warning" data-testid="file-warnings">
          <Info aria-hidden="true" />
          <ul className="space-y-0.5">
            {warnings.slice(0, limit).map((w, i) => (
              <li key={`${w.line}-${i}`}>{issueText(w)}</li>
            ))}
          </ul>
        </Alert>
      )}
      {errors.length > 0 && (
        <Alert variant="destructive" data-testid="file-errors">
          <CircleAlert aria-hidden="true" />
          <div className="space-y-1">
            <p className="font-medium">
              {plural(errors.length, 'line')} could not be read. {errorsNote}
            </p>
            <ul className="list-disc space-y-0.5 pl-5">
              {errors.slice(0, limit).map((e, i) => (
                <li key={`${e.line}-${i}`}>{issueText(e)}</li>
              ))}
            </ul>
            {errors.length > limit && <p>And {plural(errors.length - limit, 'more line')}.</p>}
          </div>
        </Alert>
      )}
    </>
  )
}
