// The Import page: a bank statement goes through upload → format detected (a preview
// that writes nothing) → account chosen or created → column mapping (CSV) or date order (QIF),
// re-previewed live → review of every row (new, duplicate, transfer; overrides) → the import
// with its progress → a summary with Undo. Past imports, each with Undo, are listed below.
// The state lives in use-import-wizard.ts; each step is its own component in ./steps.
import { ArrowLeft, Workflow } from 'lucide-react'
import { LinkButton } from '#src/web/components/link-button'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Card, CardContent } from '#src/web/components/ui/card'
import { ImportSteps } from './components/import-steps'
import { ImportSummary } from './components/import-summary'
import { PastImports } from './components/past-imports'
import { AccountStep } from './steps/account-step'
import { ColumnsStep } from './steps/columns-step'
import { DatesStep } from './steps/dates-step'
import { FileStep } from './steps/file-step'
import { ReviewStep } from './steps/review-step'
import { useImportWizard } from './use-import-wizard'

export function ImportPage() {
  const w = useImportWizard()
  const { visibleStep, result, chosen, steps, reset } = w

  const content = (() => {
    switch (visibleStep) {
      case 'file':
        return <FileStep w={w} />
      case 'account':
        return <AccountStep w={w} />
      case 'columns':
        return <ColumnsStep w={w} />
      case 'dates':
        return <DatesStep w={w} />
      case 'review':
        return <ReviewStep w={w} />
      case 'done':
        return result !== null && chosen !== null ? (
          <ImportSummary result={result} fileName={chosen.file.name} onAnother={reset} />
        ) : null
    }
  })()

  return (
    <div className="flex-1" data-testid="import-page">
      <PageBody wide>
        <PageHeader
          description="Bring in your bank's statement file. Nothing is saved until you confirm, duplicates are left out, and every import can be undone."
          actions={
            <div className="flex flex-wrap gap-2 sm:flex-nowrap">
              <LinkButton to="/transactions/rules" icon={Workflow} variant="outline">
                Rules
              </LinkButton>
              <LinkButton to="/transactions" icon={ArrowLeft} variant="ghost">
                Transactions
              </LinkButton>
            </div>
          }
        />
        <Card>
          <CardContent className="space-y-6 pt-5">
            <ImportSteps steps={steps} current={visibleStep} />
            {content}
          </CardContent>
        </Card>
        <PastImports />
      </PageBody>
    </div>
  )
}
