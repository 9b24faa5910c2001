// The Reports page. Its first report is the credit score history (list and chart, reached from
// the dashboard's Credit Score card and the sidebar's Reports); the spending and net-worth charts
// come with the reports work.
import { ChartColumn } from 'lucide-react'
import { PageBody, PageHeader } from '../../components/page-header'
import { Card, CardContent } from '../../components/ui/card'
import { useToday } from '../../lib/today'
import { CreditScoreSection } from './components/credit-score-section'

export function ReportsPage() {
  const today = useToday()
  return (
    <PageBody>
      <PageHeader description="How your finances change over time." />
      <CreditScoreSection today={today} />
      <Card>
        <CardContent className="flex items-center gap-3 pt-5 text-sm text-muted-foreground">
          <ChartColumn className="size-4 shrink-0" aria-hidden="true" />
          Charts of spending by category, income against expenses and net worth over time are still
          being built. Your dashboard and spending plan already show this month.
        </CardContent>
      </Card>
    </PageBody>
  )
}
