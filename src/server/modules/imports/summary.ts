// The plain-text report of an import, as the CLI prints it.
import type { ImportResult } from '#src/contract/imports'

const n = (value: number) => value.toLocaleString('en-US')

export function importSummary(result: ImportResult, seconds: number): string[] {
  const lines: string[] = []
  const verb = result.batchId ? 'Imported' : 'Preview (nothing written):'
  lines.push(
    `${verb} ${n(result.added)} new transaction${result.added === 1 ? '' : 's'} (${n(result.transfers)} transfer${result.transfers === 1 ? '' : 's'}), ${n(result.duplicates)} duplicate${result.duplicates === 1 ? '' : 's'} left out, in ${seconds.toFixed(1)} s`,
  )
  if (result.activities > 0 || result.prices > 0) {
    lines.push(`${n(result.activities)} investment activit${result.activities === 1 ? 'y' : 'ies'} and ${n(result.prices)} price${result.prices === 1 ? '' : 's'}`)
  }
  for (const a of result.accounts) {
    const investing = a.activities > 0 ? `, ${n(a.activities)} investment activities` : ''
    lines.push(`  ${a.name}${a.created ? ' (new account)' : ''}: ${n(a.added)} added, ${n(a.duplicates)} duplicates, ${n(a.transfers)} transfers${investing}`)
  }
  if (result.batchId) lines.push(`Batch ${result.batchId} (undo it on the Import page or with DELETE /api/imports/${result.batchId})`)
  const shown = 20
  for (const issue of result.errors.slice(0, shown)) lines.push(`  error: ${issue.message}`)
  if (result.errors.length > shown) lines.push(`  …and ${n(result.errors.length - shown)} more errors`)
  for (const issue of result.warnings.slice(0, shown)) lines.push(`  warning: ${issue.message}`)
  if (result.warnings.length > shown) lines.push(`  …and ${n(result.warnings.length - shown)} more warnings`)
  return lines
}
