// Step 1 of the import: choose or drop a file; a file the server refused says why and what to do.
import { CircleAlert, RotateCw } from 'lucide-react'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { errorMessage, errorStatus } from '#src/web/lib/api'
import { FileDrop } from '../components/file-drop'
import type { ImportWizard } from '../use-import-wizard'
import { LoadingStep, refusalHint } from './step-parts'

export function FileStep({ w }: { w: ImportWizard }) {
  const { chosen, previewProgress, detect, refused, detecting, onFile } = w
  return (
    <div className="space-y-4">
      {detecting && chosen !== null ? (
        <LoadingStep label={`Reading ${chosen.file.name}…`} progress={previewProgress} />
      ) : (
        <>
          {refused !== null && chosen !== null && (
            <Alert variant="destructive" data-testid="import-refused">
              <CircleAlert aria-hidden="true" />
              <div className="space-y-2">
                <p className="font-medium">
                  {chosen.file.name} was not imported: {errorMessage(refused)}
                </p>
                <p>Nothing was saved. {refusalHint(refused, chosen.file.name)}</p>
                {errorStatus(refused) === null && (
                  <Button size="sm" variant="outline" onClick={() => void detect.refetch()}>
                    <RotateCw aria-hidden="true" />
                    Try again
                  </Button>
                )}
              </div>
            </Alert>
          )}
          <FileDrop onFile={onFile} />
        </>
      )}
    </div>
  )
}
