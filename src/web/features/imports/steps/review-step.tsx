// The review: what the import will do (counts with the user's overrides), every row with its
// status, the row it matches and its category (the user may pick another), then the import with
// its progress.
import { Link } from 'react-router'
import { FormError } from '#src/web/components/form-dialog'
import { Button } from '#src/web/components/ui/button'
import { FileIssues } from '../components/file-issues'
import { ImportProgress } from '../components/import-progress'
import { ReviewRows } from '../components/preview-rows'
import { plural } from '../import-flow'
import type { ImportWizard } from '../use-import-wizard'
import { FileLine, LoadingStep, PreviewError, StepActions } from './step-parts'
import { countText } from '#src/web/lib/display-locale'

export function ReviewStep({ w }: { w: ImportWizard }) {
  const {
    commit,
    chosen,
    setStep,
    overrides,
    previewProgress,
    commitProgress,
    serverProgress,
    format,
    data,
    accountInfo,
    reset,
    beforeReview,
    startImport,
    counts,
    createsAccounts,
    activities,
    canImport,
  } = w
  return (
    chosen !== null && (
      <div className="space-y-5">
        <FileLine file={chosen.file} format={format} onChange={reset} />
        {data === undefined || counts === null ? (
          w.previewFailed ? (
            <PreviewError w={w} />
          ) : (
            <LoadingStep label="Checking every row…" progress={previewProgress} />
          )
        ) : commit.isPending ? (
          <ImportProgress
            fileName={chosen.file.name}
            progress={commitProgress}
            server={serverProgress}
            rows={data.rowCount}
            added={counts.added}
          />
        ) : (
          <>
            <div className="grid grid-cols-2 gap-3 sm:grid-cols-4" data-testid="review-counts">
              <CountTile testId="count-new" label="To import" value={counts.added} />
              <CountTile testId="count-duplicates" label="Duplicates" value={counts.duplicates} />
              <CountTile testId="count-transfers" label="Transfers" value={counts.transfers} />
              <CountTile testId="count-skipped" label="Left out by you" value={counts.skipped} />
            </div>
            <p className="text-sm text-muted-foreground">
              Duplicates are rows already in Kinwise and are left out; transfers between your
              accounts are linked, not counted as income or spending. Tick a duplicate to import it
              anyway, or untick a row to leave it out.{' '}
              <Link
                to="/transactions/rules"
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                Rules
              </Link>{' '}
              suggest the categories.
            </p>
            <FileIssues errors={data.errors} warnings={data.warnings} />
            {data.rowCount > (data.rows ?? []).length && (
              <p className="text-sm text-muted-foreground">
                Showing {plural((data.rows ?? []).length, 'row')} of{' '}
                {countText(data.rowCount)}: every duplicate and transfer, then the
                first new rows. The rest are imported as new.
              </p>
            )}
            {activities > 0 && (
              <p className="text-sm" data-testid="review-investments">
                It also brings {plural(activities, 'investment activity', 'investment activities')}{' '}
                (buys, sells, income and fees) and {plural(data.prices, 'price')} of its securities;
                re-imported ones are left out.
              </p>
            )}
            {data.rowCount === 0 ? (
              <p className="rounded-lg border border-dashed p-4 text-sm text-muted-foreground">
                This file has no cash transactions in it.
                {createsAccounts && activities === 0
                  ? ' Importing it still adds its accounts.'
                  : ''}
              </p>
            ) : (
              <ReviewRows
                rows={data.rows ?? []}
                overrides={overrides}
                onToggle={w.toggle}
                categories={w.categoryChoices}
                onChooseCategory={w.chooseCategory}
                categoryOptions={w.categoryOptions}
                accounts={accountInfo}
                disabled={commit.isPending}
              />
            )}
            <FormError error={commit.error} />
          </>
        )}
        {!commit.isPending && (
          <StepActions onBack={() => setStep(beforeReview)}>
            <Button
              onClick={startImport}
              disabled={!canImport || data === undefined}
              data-testid="import-button"
            >
              {counts === null
                ? 'Import'
                : canImport
                  ? counts.added > 0
                    ? `Import ${plural(counts.added, 'transaction')}`
                    : activities > 0
                      ? `Import ${plural(activities, 'investment activity', 'investment activities')}`
                      : 'Import the accounts'
                  : 'Nothing new to import'}
            </Button>
          </StepActions>
        )}
      </div>
    )
  )
}

/** One of the review's four counts. */
function CountTile({ testId, label, value }: { testId: string; label: string; value: number }) {
  return (
    <div className="rounded-lg border p-3" data-testid={testId}>
      <p className="text-xs text-muted-foreground">{label}</p>
      <p className="text-2xl font-semibold tabular-nums">{countText(value)}</p>
    </div>
  )
}
