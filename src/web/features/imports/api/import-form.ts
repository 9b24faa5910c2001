// The multipart form of POST /api/imports: the file (field `file`) and the optional fields the
// contract's importFields reads (accountId, mapping as JSON, qifDateOrder, overrides and the
// review's categories as JSON).
import type { z } from 'zod'
import type { CsvMappingDto, importCategoryChoice, importOverride } from '#src/contract/imports'

export type ImportOptions = {
  accountId?: string
  mapping?: CsvMappingDto
  qifDateOrder?: 'mdy' | 'dmy'
}

export type ImportOverride = z.output<typeof importOverride>
export type ImportCategoryChoice = z.output<typeof importCategoryChoice>

/** A chosen file and a key that names this choice (the same file chosen again is a new one). */
export type ChosenFile = { file: File; key: string }

let chosenCount = 0

export function chooseFile(file: File): ChosenFile {
  chosenCount += 1
  return { file, key: `${chosenCount}:${file.name}:${file.size}:${file.lastModified}` }
}

export function importForm(
  file: File,
  options: ImportOptions,
  overrides: readonly ImportOverride[] = [],
  categories: readonly ImportCategoryChoice[] = [],
): FormData {
  const form = new FormData()
  // the text fields go first, so the server has them before it reads the file
  if (options.accountId !== undefined) form.append('accountId', options.accountId)
  if (options.mapping !== undefined) form.append('mapping', JSON.stringify(options.mapping))
  if (options.qifDateOrder !== undefined) form.append('qifDateOrder', options.qifDateOrder)
  if (overrides.length > 0) form.append('overrides', JSON.stringify(overrides))
  if (categories.length > 0) form.append('categories', JSON.stringify(categories))
  form.append('file', file, file.name)
  return form
}
