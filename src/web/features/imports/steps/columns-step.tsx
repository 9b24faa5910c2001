// Step 3 of a CSV file: the column mapping, the first rows read again as it changes.
import { ArrowRight, CircleAlert } from 'lucide-react'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { FileIssues } from '../components/file-issues'
import { MappingEditor } from '../components/mapping-editor'
import { ParsedRows } from '../components/preview-rows'
import { completeMapping, mappingProblem } from '../import-flow'
import type { ImportWizard } from '../use-import-wizard'
import { FileLine, LoadingStep, PreviewError, StepActions } from './step-parts'

const FIRST_ROWS = 10

export function ColumnsStep({ w }: { w: ImportWizard }) {
  const {
    chosen,
    setStep,
    draft,
    applied,
    previewProgress,
    format,
    preview,
    data,
    shown,
    accountInfo,
    reset,
    editMapping,
  } = w
  const mapping = draft ?? shown?.csv?.mapping ?? null
  const problem = mapping !== null ? mappingProblem(mapping) : null
  const settled =
    mapping !== null &&
    problem === null &&
    JSON.stringify(completeMapping(mapping)) === JSON.stringify(applied ?? shown?.csv?.mapping)
  return (
    chosen !== null && (
      <div className="space-y-5">
        <FileLine file={chosen.file} format={format} onChange={reset} />
        {shown?.csv === undefined || mapping === null ? (
          w.previewFailed ? (
            <PreviewError w={w} />
          ) : (
            <LoadingStep label="Reading the columns…" progress={previewProgress} />
          )
        ) : (
          <>
            <div className="space-y-1">
              <h2 className="text-base font-semibold">Match the columns</h2>
              <p className="text-sm text-muted-foreground" data-testid="mapping-source">
                {draft === null && shown.csv.source === 'preset'
                  ? 'These are the columns you used last time for this account.'
                  : draft === null && shown.csv.source === 'guess'
                    ? 'Kinwise guessed these settings from the file: check them against the rows below.'
                    : 'The rows below are read again as you change the settings.'}{' '}
                They are remembered for this account when you import.
              </p>
            </div>
            <MappingEditor mapping={mapping} csv={shown.csv} onChange={editMapping} />
            {problem !== null && (
              <Alert variant="warning">
                <CircleAlert aria-hidden="true" />
                <span>{problem}</span>
              </Alert>
            )}
            <PreviewError w={w} />
            <div className="space-y-2" aria-busy={preview.isFetching}>
              <div className="flex items-center justify-between gap-2">
                <h3 className="text-sm font-semibold">The first rows, as Kinwise reads them</h3>
                {preview.isFetching && (
                  <span role="status" className="text-xs text-muted-foreground">
                    Reading again…
                  </span>
                )}
              </div>
              {(shown.rows ?? []).length > 0 ? (
                <ParsedRows
                  rows={(shown.rows ?? []).slice(0, FIRST_ROWS)}
                  currency={accountInfo.values().next().value?.currency ?? undefined}
                  caption="The first rows of the file, read with these settings"
                />
              ) : (
                <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                  No row can be read with these settings yet. Check the separator, the lines to skip
                  and the date and amount columns.
                </p>
              )}
              <FileIssues
                errors={shown.errors}
                warnings={[]}
                limit={5}
                errorsNote="Check the settings above, or they will be left out."
              />
            </div>
          </>
        )}
        <StepActions onBack={() => setStep('account')}>
          <Button
            onClick={() => setStep('review')}
            disabled={!settled || preview.isFetching || data === undefined || data.rowCount === 0}
          >
            Continue
            <ArrowRight aria-hidden="true" />
          </Button>
        </StepActions>
      </div>
    )
  )
}
