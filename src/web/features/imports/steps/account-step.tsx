// Step 2: the account the file goes to (chosen for a CSV or plain QIF file), or the accounts the
// file names, each found or to be created.
import { ArrowRight, CircleAlert } from 'lucide-react'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { ChooseAccount, FileAccounts } from '../components/account-step'
import { issueText } from '../import-flow'
import type { ImportWizard } from '../use-import-wizard'
import { FileLine, PreviewError, StepActions } from './step-parts'

export function AccountStep({ w }: { w: ImportWizard }) {
  const {
    user,
    accounts,
    chosen,
    setStep,
    accountId,
    detect,
    format,
    needsAccount,
    unreadable,
    preview,
    data,
    openAccounts,
    reset,
    chooseAccount,
    afterAccount,
  } = w
  return (
    chosen !== null &&
    format !== null && (
      <div className="space-y-4">
        <FileLine file={chosen.file} format={format} onChange={reset} />
        {unreadable !== null && (
          <Alert variant="warning" data-testid="file-unreadable">
            <CircleAlert aria-hidden="true" />
            <span>
              Kinwise could not read a single row of this file yet: {issueText(unreadable)} If it is
              a CSV export, choose its account and set up its columns; otherwise choose another
              file.
            </span>
          </Alert>
        )}
        <h2 className="text-base font-semibold">
          {needsAccount ? 'Which account is this statement from?' : 'Accounts in this file'}
        </h2>
        {accounts.isLoading ? (
          <Skeleton className="h-10 w-full" />
        ) : needsAccount ? (
          <ChooseAccount
            format={format === 'qif' ? 'qif' : 'csv'}
            chosen={accountId}
            openAccounts={openAccounts}
            baseCurrency={user?.baseCurrency ?? 'USD'}
            onChoose={chooseAccount}
          />
        ) : detect.data !== undefined ? (
          <FileAccounts
            accounts={detect.data.accounts}
            chosen={accountId}
            openAccounts={openAccounts}
            onChoose={chooseAccount}
          />
        ) : null}
        <PreviewError w={w} />
        <StepActions onBack={reset}>
          <Button
            onClick={() => setStep(afterAccount)}
            disabled={(needsAccount && accountId === null) || data === undefined}
          >
            {needsAccount && accountId !== null && preview.isFetching
              ? 'Reading the file…'
              : 'Continue'}
            <ArrowRight aria-hidden="true" />
          </Button>
        </StepActions>
      </div>
    )
  )
}
