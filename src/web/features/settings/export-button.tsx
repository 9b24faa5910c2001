// "Download everything (ZIP)": the export needs the password (or a code) given within ten
// minutes; when the server asks for it, the ReauthDialog asks, then the download starts again.
import { Download } from 'lucide-react'
import { useState } from 'react'
import { ReauthDialog, isReauthRequired } from '#src/web/components/reauth-dialog'
import { Button } from '#src/web/components/ui/button'
import { errorMessage } from '#src/web/lib/api'
import { toast } from '#src/web/lib/toast'
import { useDownloadExport } from './api/your-data'

export function ExportButton({ label = 'Download everything (ZIP)' }: { label?: string }) {
  const download = useDownloadExport()
  const [reauthOpen, setReauthOpen] = useState(false)
  const start = () =>
    download.mutate(undefined, {
      onSuccess: (name) => toast({ title: 'Your data is downloading', description: name }),
      onError: (error) => {
        if (isReauthRequired(error)) setReauthOpen(true)
        else toast({ title: 'The export failed', description: errorMessage(error), variant: 'destructive' })
      },
    })
  return (
    <>
      <Button type="button" variant="outline" onClick={start} disabled={download.isPending}>
        <Download aria-hidden="true" />
        {download.isPending ? 'Preparing your data…' : label}
      </Button>
      <ReauthDialog
        open={reauthOpen}
        onOpenChange={setReauthOpen}
        onConfirmed={start}
        title="Confirm it’s you"
        description="Your export holds all your financial data. Enter your password again to download it."
      />
    </>
  )
}
