// A refused save in a react-hook-form form: each issue the server names a field for is shown at
// that field; whatever is left is the form's own error, above its buttons.
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form'
import { spreadIssues } from '#src/web/lib/api-issues'

/**
 * Sets the issues of `error` on the fields `isField` accepts and returns what the form should
 * show as its own error: the error itself, or null when every issue found its field.
 */
export function showIssuesAtFields<T extends FieldValues>(
  setError: UseFormSetError<T>,
  error: unknown,
  isField: (field: string) => field is Path<T>,
  options?: Parameters<UseFormSetError<T>>[2],
): unknown {
  const rest = spreadIssues(error, (field, message) => {
    if (!isField(field)) return false
    setError(field, { type: 'server', message }, options)
    return true
  })
  return rest === null ? null : error
}
