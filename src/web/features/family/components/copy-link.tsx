// An invite link people can read and copy: the address in a read-only field (selected on focus,
// so it can be copied by hand too) and a Copy button; a toast says whether it worked.
import { Check, Copy } from 'lucide-react'
import { useEffect, useId, useRef, useState } from 'react'
import { Button } from '#src/web/components/ui/button'
import { Input } from '#src/web/components/ui/input'
import { Label } from '#src/web/components/ui/label'
import { toast } from '#src/web/lib/toast'
import { copyText } from '#src/web/lib/copy-text'
import { absoluteUrl } from '../copy-text'

const COPIED_LABEL_MS = 2000

export async function copyInviteLink(url: string): Promise<boolean> {
  const copied = await copyText(absoluteUrl(url))
  toast(
    copied
      ? { title: 'Link copied', description: 'Send it to the person you are inviting.' }
      : {
          variant: 'destructive',
          title: 'The link was not copied',
          description: 'Select the link and copy it yourself.',
        },
  )
  return copied
}

export function CopyLink({ url, label = 'Invite link' }: { url: string; label?: string }) {
  const id = useId()
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  const href = absoluteUrl(url)
  useEffect(() => {
    if (!copied) return
    const timer = setTimeout(() => setCopied(false), COPIED_LABEL_MS)
    return () => clearTimeout(timer)
  }, [copied])
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <div className="flex gap-2">
        <Input
          id={id}
          ref={input}
          readOnly
          value={href}
          onFocus={(event) => event.currentTarget.select()}
          className="min-w-0 font-mono text-xs sm:text-xs"
          data-testid="invite-link"
        />
        <Button
          type="button"
          variant="outline"
          onClick={async () => {
            setCopied(await copyInviteLink(url))
            input.current?.select()
          }}
        >
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </div>
    </div>
  )
}
