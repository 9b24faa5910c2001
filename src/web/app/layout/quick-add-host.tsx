// Provides lib/quick-add to the signed-in pages: the add forms of accounts, transactions, goals
// and bills, each opened over the current page (the dashboard's add buttons and set-up
// checklist), each downloaded only when first asked for. The app layer may compose features;
// a feature may not import another's form.
import { Suspense, useCallback, useState, type ComponentType, type ReactNode } from 'react'
import { QuickAddContext, type QuickAddKind } from '#src/web/lib/quick-add'
import { lazyPage } from '#src/web/lib/lazy-page'

type DialogProps = { open: boolean; onOpenChange: (open: boolean) => void }

const DIALOGS: Record<QuickAddKind, ComponentType<DialogProps>> = {
  account: lazyPage(
    () => import('#src/web/features/accounts/components/add-account-dialog'),
    'AddAccountDialog',
  ),
  transaction: lazyPage(
    () => import('#src/web/features/transactions/components/add-transaction-dialog'),
    'AddTransactionDialog',
  ),
  goal: lazyPage(() => import('#src/web/features/goals/components/add-goal-dialog'), 'AddGoalDialog'),
  bill: lazyPage(() => import('#src/web/features/bills/components/add-bill-dialog'), 'AddBillDialog'),
}

export function QuickAddHost({ children }: { children: ReactNode }) {
  const [kind, setKind] = useState<QuickAddKind | null>(null)
  const open = useCallback((next: QuickAddKind) => setKind(next), [])
  const Dialog = kind === null ? null : DIALOGS[kind]
  return (
    <QuickAddContext value={open}>
      {children}
      {Dialog !== null && (
        <Suspense fallback={null}>
          <Dialog
            open
            onOpenChange={(o) => {
              if (!o) setKind(null)
            }}
          />
        </Suspense>
      )}
    </QuickAddContext>
  )
}
