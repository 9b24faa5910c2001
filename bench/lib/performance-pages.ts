// Where `npm run bench -- --readme` writes its tables: README.md keeps one summary (the rows
// with a target), docs/performance.md the whole run (every dashboard call and every figure).
// Each file holds its tables between the same two markers; the rest of each page is prose.
import { readFile, writeFile } from 'node:fs/promises'
import path from 'node:path'

export const BENCH_START = '<!-- bench:start -->'
export const BENCH_END = '<!-- bench:end -->'

/** `text` with what lies between the bench markers replaced by `tables`. */
export function replaceBenchTables(text: string, tables: string, file: string): string {
  const from = text.indexOf(BENCH_START)
  const to = text.indexOf(BENCH_END)
  if (from < 0 || to < from) throw new Error(`${file} has no bench markers`)
  return `${text.slice(0, from)}${BENCH_START}\n${tables}\n${text.slice(to)}`
}

/** The summary table's header and its rows with a target (PASS or MISS), nothing else. */
export function targetRows(summary: string): string {
  const [head = '', rule = '', ...body] = summary.split('\n')
  return [head, rule, ...body.filter((line) => /\b(PASS|MISS)\s*$/.test(line))].join('\n')
}

export type BenchTables = { measured: string; dashboard: string; summary: string }

const block = (measured: string, ...tables: string[]) =>
  [measured, '', '```text', tables.filter((t) => t !== '').join('\n\n'), '```'].join('\n')

/** Writes the summary into README.md and the whole run into docs/performance.md. */
export async function writePerformancePages(root: string, { measured, dashboard, summary }: BenchTables): Promise<void> {
  const pages: [string, string][] = [
    ['README.md', block(measured, targetRows(summary))],
    [path.join('docs', 'performance.md'), block(measured, dashboard, summary)],
  ]
  for (const [file, tables] of pages) {
    const full = path.join(root, file)
    await writeFile(full, replaceBenchTables(await readFile(full, 'utf8'), tables, file))
  }
}
