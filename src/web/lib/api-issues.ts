// The field-level issues of a refused call ({ issues: [{ path, message }] } in the JSON answer),
// so a form shows each message at its own field.
import { errorBody, errorMessage } from './api'

/** The issues keyed by their path without the leading "body." (`debts.0.apr`); the first per path. */
export function errorIssues(error: unknown): Map<string, string> {
  const out = new Map<string, string>()
  const issues = errorBody(error)?.issues
  if (!Array.isArray(issues)) return out
  for (const issue of issues) {
    if (typeof issue !== 'object' || issue === null) continue
    const path: unknown = Reflect.get(issue, 'path')
    const message: unknown = Reflect.get(issue, 'message')
    if (typeof path !== 'string' || typeof message !== 'string') continue
    const key = path.replace(/^body\./, '')
    if (!out.has(key)) out.set(key, message)
  }
  return out
}

/**
 * Shows each issue at its form field, named by the path's first part (`quantity` for
 * `body.quantity`), when the form has one (setFieldError says whether it did); what is left is
 * the form's own message, or null.
 */
export function spreadIssues(
  error: unknown,
  setFieldError: (field: string, message: string) => boolean,
): string | null {
  const issues = [...errorIssues(error)]
  const rest = issues.filter(([path, message]) => !setFieldError(path.split('.')[0] ?? '', message))
  if (issues.length > 0 && rest.length === 0) return null
  return rest[0]?.[1] ?? errorMessage(error)
}
