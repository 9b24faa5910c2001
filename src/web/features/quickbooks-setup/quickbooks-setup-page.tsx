// The QuickBooks Setup page (premium, adults and the owner): the Web Connect bank
// number (INTU.BID), the QuickBooks chart of accounts (pasted or uploaded from QuickBooks' own
// IIF or CSV export, or typed), the mapping of each category and account to a chart account, the
// export of a date range as IIF, QBO or CSV, and the export log. A free household sees a plan
// note, a teen or viewer a note that this is for the household's adults.
import { PremiumNote } from '#src/web/components/premium-note'
import { Users } from 'lucide-react'
import { useState } from 'react'
import { roleAtLeast } from '#src/domain/access'
import { hasPremiumAccess } from '#src/domain/tiers'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Card, CardContent } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { useAuth } from '#src/web/lib/auth'
import { useToday } from '#src/web/lib/today'
import { useQuickbooksExports } from './api/get-exports'
import { useQuickbooksMappings } from './api/get-mappings'
import { useQuickbooksSettings } from './api/get-settings'
import { ChartCard } from './components/chart-card'
import { ExportCard } from './components/export-card'
import { ExportLog } from './components/export-log'
import { MappingCard, type OpenGroups } from './components/mapping-card'
import { SettingsCard } from './components/settings-card'

const DESCRIPTION =
  'Send your transactions to QuickBooks: bring over your chart of accounts, map categories and accounts to it, then download a file QuickBooks imports.'


function GrownUpsNote() {
  return (
    <Card data-testid="grown-ups-note">
      <CardContent className="flex items-start gap-3 pt-5">
        <Users className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden="true" />
        <p className="text-sm text-muted-foreground">
          QuickBooks exports are for the household’s adults: ask one of them for the file your accountant needs.
        </p>
      </CardContent>
    </Card>
  )
}

function CardSkeleton({ label, rows }: { label: string; rows: number }) {
  return (
    <div className="space-y-4 rounded-xl border bg-card p-5" aria-label={label} role="status">
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-4 w-72 max-w-full" />
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-10 w-full" />
      ))}
    </div>
  )
}

function Setup({ locale, timeZone }: { locale: string; timeZone: string }) {
  const today = useToday()
  const settings = useQuickbooksSettings()
  const mappings = useQuickbooksMappings()
  const exports = useQuickbooksExports()
  const chart = settings.data?.chart ?? []
  const [openGroups, setOpenGroups] = useState<OpenGroups>({})

  return (
    <PageBody>
      <PageHeader description={DESCRIPTION} />
      {settings.isLoading ? (
        <CardSkeleton label="Loading your chart of accounts" rows={2} />
      ) : settings.error ? (
        <ErrorState what="your QuickBooks settings" error={settings.error} onRetry={() => void settings.refetch()} />
      ) : (
        <ChartCard chart={chart} />
      )}
      {mappings.isLoading || settings.isLoading ? (
        <CardSkeleton label="Loading your mappings" rows={4} />
      ) : mappings.error ? (
        <ErrorState what="your mappings" error={mappings.error} onRetry={() => void mappings.refetch()} />
      ) : mappings.data ? (
        // fresh mappings from the server (a new chart brings new suggestions) start the drafts afresh
        <MappingCard
          key={String(mappings.dataUpdatedAt)}
          mappings={mappings.data}
          chart={chart}
          openGroups={openGroups}
          onToggleGroup={(group, open) => setOpenGroups((now) => (now[group] === open ? now : { ...now, [group]: open }))}
        />
      ) : null}
      <ExportCard today={today} accounts={(mappings.data?.accounts ?? []).map((a) => ({ id: a.id, name: a.name }))} />
      {exports.isLoading ? (
        <CardSkeleton label="Loading the export log" rows={2} />
      ) : exports.error ? (
        <ErrorState what="the export log" error={exports.error} onRetry={() => void exports.refetch()} />
      ) : (
        <ExportLog entries={exports.data ?? []} locale={locale} timeZone={timeZone} />
      )}
      {settings.data && <SettingsCard key={settings.data.intuBid} intuBid={settings.data.intuBid} />}
    </PageBody>
  )
}

export function QuickbooksSetupPage() {
  const { user } = useAuth()
  if (user === null) return null
  if (!hasPremiumAccess(user.subscriptionTier))
    return (
      <PageBody>
        <PageHeader description={DESCRIPTION} />
        <PremiumNote feature="quickbooks" title="QuickBooks Setup" tier={user.subscriptionTier} isOwner={user.role === 'owner'} />
      </PageBody>
    )
  if (!roleAtLeast(user.role, 'adult'))
    return (
      <PageBody>
        <PageHeader description={DESCRIPTION} />
        <GrownUpsNote />
      </PageBody>
    )
  return <Setup locale={user.locale} timeZone={user.timeZone} />
}
