// Adding something from where you are: a page (the dashboard's cards, its set-up checklist) asks
// for a feature's add form by name and it opens over the page, instead of sending the member to
// that feature's page to look for its add button. The app shell provides the forms (features
// never import each other); without a shell, `useQuickAdd` gives null and callers link instead.
import { createContext, useContext } from 'react'

export type QuickAddKind = 'account' | 'transaction' | 'goal' | 'bill'

/** Opens the add form of `kind` over the current page. */
export type QuickAdd = (kind: QuickAddKind) => void

export const QuickAddContext = createContext<QuickAdd | null>(null)

export function useQuickAdd(): QuickAdd | null {
  return useContext(QuickAddContext)
}
