// Page model of the Import page: the file input, each step of the flow (account, columns,
// dates, review), the summary with Undo, and the past imports list.
import type { Locator, Page } from '@playwright/test'

export class ImportPage {
  readonly root: Locator
  readonly fileInput: Locator
  readonly chosenFile: Locator
  readonly format: Locator
  readonly refused: Locator
  readonly accountSelect: Locator
  readonly fileAccounts: Locator
  readonly continueButton: Locator
  readonly mappingEditor: Locator
  readonly mappingSource: Locator
  readonly parsedRows: Locator
  readonly reviewRows: Locator
  readonly importButton: Locator
  readonly warnings: Locator
  readonly summary: Locator
  readonly pastImports: Locator

  constructor(readonly page: Page) {
    this.root = page.getByTestId('import-page')
    this.fileInput = page.getByTestId('statement-file')
    this.chosenFile = page.getByTestId('chosen-file')
    this.format = page.getByTestId('detected-format')
    this.refused = page.getByTestId('import-refused')
    this.accountSelect = page.getByTestId('account-select')
    this.fileAccounts = page.getByTestId('file-accounts')
    this.continueButton = page.getByRole('button', { name: 'Continue' })
    this.mappingEditor = page.getByTestId('mapping-editor')
    this.mappingSource = page.getByTestId('mapping-source')
    this.parsedRows = page.getByTestId('parsed-rows')
    this.reviewRows = page.getByTestId('review-rows')
    this.importButton = page.getByTestId('import-button')
    this.warnings = page.getByTestId('file-warnings')
    this.summary = page.getByTestId('import-summary')
    this.pastImports = page.getByTestId('past-imports')
  }

  async goto(): Promise<void> {
    await this.page.goto('/transactions/import')
    await this.root.waitFor()
  }

  async upload(file: string): Promise<void> {
    await this.fileInput.setInputFiles(file)
  }

  /** The role select of a CSV column (0-based). */
  columnRole(index: number): Locator {
    return this.page.getByTestId(`column-role-${index}`)
  }

  count(name: 'new' | 'duplicates' | 'transfers' | 'skipped'): Locator {
    return this.page.getByTestId(`count-${name}`)
  }

  stat(name: 'added' | 'duplicates' | 'transfers' | 'skipped' | 'errors'): Locator {
    return this.page.getByTestId(`summary-${name}`)
  }

  reviewRow(line: number): Locator {
    return this.reviewRows.locator(`[data-testid="review-row"][data-line="${line}"]`)
  }

  pastImport(fileName: string): Locator {
    return this.pastImports.getByTestId('past-import').filter({ hasText: fileName })
  }

  toast(title: string): Locator {
    return this.page.getByTestId('toast').filter({ hasText: title })
  }
}
