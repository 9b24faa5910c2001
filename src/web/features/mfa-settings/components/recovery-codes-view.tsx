// The ten recovery codes, shown once: as a list to read, a Copy button, a download as a .txt
// file, and "I saved them" to close. Each code works once instead of a code from the app.
import { Check, Copy, Download, KeyRound } from 'lucide-react'
import { useEffect, useRef, useState } from 'react'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { useAuth } from '#src/web/lib/auth'
import { copyText } from '#src/web/lib/copy-text'
import { toast } from '#src/web/lib/toast'
import { formatDay, recoveryCodesFile } from '../mfa-text'

const FILE_NAME = 'kinwise-recovery-codes.txt'

function download(text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }))
  const link = document.createElement('a')
  link.href = url
  link.download = FILE_NAME
  document.body.append(link)
  link.click()
  link.remove()
  // the download has started by now; the address is no longer needed
  setTimeout(() => URL.revokeObjectURL(url), 1000)
}

export function RecoveryCodesView({
  codes,
  onDone,
}: {
  codes: readonly string[]
  onDone: () => void
}) {
  const { user } = useAuth()
  const [copied, setCopied] = useState(false)
  // the form that asked for them is gone: focus moves to the codes, read out as a list
  const list = useRef<HTMLOListElement>(null)
  useEffect(() => list.current?.focus(), [])
  const text = recoveryCodesFile(
    codes,
    user?.email ?? '',
    formatDay(new Date().toISOString(), user?.locale ?? 'en-US', user?.timeZone ?? 'UTC'),
  )
  return (
    <div className="grid gap-4">
      <Alert variant="warning">
        <KeyRound aria-hidden="true" />
        <span>
          Save these codes now: this is the only time Kinwise shows them. If you lose your phone,
          each code signs you in once instead of a code from the app.
        </span>
      </Alert>
      <ol
        ref={list}
        tabIndex={-1}
        className="grid grid-cols-2 gap-x-4 gap-y-2 rounded-lg border bg-muted/40 p-4 font-mono text-sm tabular-nums outline-none focus-visible:ring-2 focus-visible:ring-ring"
        aria-label="Recovery codes"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code} className="select-all">
            {code}
          </li>
        ))}
      </ol>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            const ok = await copyText(codes.join('\n'))
            setCopied(ok)
            toast(
              ok
                ? { title: 'Codes copied', description: 'Paste them somewhere safe.' }
                : {
                    variant: 'destructive',
                    title: 'The codes were not copied',
                    description: 'Download them instead, or write them down.',
                  },
            )
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy codes'}
        </Button>
        <Button type="button" variant="outline" onClick={() => download(text)}>
          <Download aria-hidden="true" />
          Download .txt
        </Button>
        <Button type="button" className="sm:ml-auto" onClick={onDone}>
          I saved them
        </Button>
      </div>
    </div>
  )
}
