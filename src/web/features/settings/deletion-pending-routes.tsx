// The deletion screen: a member who asked for their account to be deleted sees this
// instead of the app for the 30 days until it happens. The server opens only the export, the
// cancel and their own user to such a session (ACCOUNT_DELETION_PENDING on everything else), so
// every path leads here. Cancelling clears deleteAfter and the full app takes over again.
import { CalendarX2, RotateCcw } from 'lucide-react'
import { Navigate, Route, Routes } from 'react-router'
import { FormError } from '#src/web/components/form-dialog'
import { RestrictedFrame } from '#src/web/components/restricted-frame'
import { Button } from '#src/web/components/ui/button'
import { Card, CardContent } from '#src/web/components/ui/card'
import { useAuth } from '#src/web/lib/auth'
import { useDocumentTitle } from '#src/web/lib/document-title'
import { toast } from '#src/web/lib/toast'
import { useCancelDeletion } from './api/your-data'
import { ExportButton } from './export-button'

function deletionDay(iso: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso))
  } catch {
    return iso.slice(0, 10)
  }
}

function DeletionPendingScreen() {
  useDocumentTitle('Account deletion · Kinwise')
  const { user } = useAuth()
  const cancel = useCancelDeletion()
  const day = user?.deleteAfter ? deletionDay(user.deleteAfter, user.locale) : ''
  return (
    <RestrictedFrame width="2xl" testId="deletion-pending">
      <div className="mx-auto w-full max-w-2xl px-4 py-10 sm:px-6">
        <Card>
          <CardContent className="grid gap-5 p-6 sm:p-8">
            <CalendarX2 aria-hidden="true" className="size-10 text-warning" />
            <h1 className="text-2xl font-semibold tracking-tight" data-testid="page-title">
              Your account will be deleted on {day}
            </h1>
            <p className="text-muted-foreground">
              You asked for your Kinwise account to be deleted. Until that day you can download
              everything you have in Kinwise, or change your mind and keep your account. Then your
              account and your data are removed for good.
            </p>
            <div className="flex flex-col gap-2 sm:flex-row">
              <ExportButton label="Download my data" />
              <Button
                type="button"
                onClick={() =>
                  cancel.mutate(undefined, {
                    onSuccess: () =>
                      toast({
                        title: 'Your account stays',
                        description: 'The deletion is cancelled.',
                      }),
                  })
                }
                disabled={cancel.isPending}
              >
                <RotateCcw aria-hidden="true" />
                {cancel.isPending ? 'Cancelling…' : 'Cancel deletion'}
              </Button>
            </div>
            <FormError error={cancel.error} />
          </CardContent>
        </Card>
      </div>
    </RestrictedFrame>
  )
}

export function DeletionPendingRoutes() {
  return (
    <Routes>
      <Route path="/account-deletion" element={<DeletionPendingScreen />} />
      <Route path="*" element={<Navigate to="/account-deletion" replace />} />
    </Routes>
  )
}
