// Step 3 of a QIF file: month-first or day-first dates, the first rows read again with each.
import { ArrowRight } from 'lucide-react'
import { Button } from '#src/web/components/ui/button'
import { FileIssues } from '../components/file-issues'
import { ParsedRows } from '../components/preview-rows'
import type { ImportWizard } from '../use-import-wizard'
import { FileLine, LoadingStep, PreviewError, StepActions } from './step-parts'

const FIRST_ROWS = 10

export function DatesStep({ w }: { w: ImportWizard }) {
  const {
    chosen,
    setStep,
    qifOrder,
    previewProgress,
    format,
    preview,
    previewFailed,
    data,
    shown,
    accountInfo,
    reset,
    changeQifOrder,
  } = w
  const order = qifOrder ?? shown?.qifDateOrder ?? 'mdy'
  return (
    chosen !== null && (
      <div className="space-y-5">
        <FileLine file={chosen.file} format={format} onChange={reset} />
        <fieldset className="space-y-3">
          <legend className="text-base font-semibold">How are the dates written?</legend>
          <p className="text-sm text-muted-foreground">
            QIF files do not say whether 01/02 is January 2 or February 1. Kinwise guessed from the
            file; check the dates below.
          </p>
          <div className="grid gap-2 sm:grid-cols-2">
            {(
              [
                { value: 'mdy', label: 'Month first', example: '01/02/2024 is January 2' },
                { value: 'dmy', label: 'Day first', example: '01/02/2024 is February 1' },
              ] as const
            ).map((o) => (
              <label
                key={o.value}
                className="flex cursor-pointer items-start gap-3 rounded-lg border p-3 has-[:checked]:border-primary has-[:checked]:bg-accent"
              >
                <input
                  type="radio"
                  name="qif-date-order"
                  value={o.value}
                  checked={order === o.value}
                  onChange={() => changeQifOrder(o.value)}
                  className="mt-1 accent-primary"
                />
                <span>
                  <span className="block text-sm font-medium">{o.label}</span>
                  <span className="block text-xs text-muted-foreground">{o.example}</span>
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <PreviewError w={w} />
        {shown === undefined ? (
          !previewFailed && <LoadingStep label="Reading the dates…" progress={previewProgress} />
        ) : (
          <div className="space-y-2" aria-busy={preview.isFetching}>
            <h3 className="text-sm font-semibold">The first rows, as Kinwise reads them</h3>
            <ParsedRows
              rows={(shown.rows ?? []).slice(0, FIRST_ROWS)}
              currency={accountInfo.values().next().value?.currency ?? undefined}
              caption="The first rows of the file, with these dates"
            />
            <FileIssues errors={shown.errors} warnings={[]} limit={5} />
          </div>
        )}
        <StepActions onBack={() => setStep('account')}>
          <Button
            onClick={() => setStep('review')}
            disabled={preview.isFetching || data === undefined}
          >
            Continue
            <ArrowRight aria-hidden="true" />
          </Button>
        </StepActions>
      </div>
    )
  )
}
