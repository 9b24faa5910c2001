// The profile photo (ADR 0051): a picture chosen from the device, previewed here before it is
// saved, then uploaded; never an outside address. Removing it brings the initial back. The file
// input is the control (a screen reader names it, the keyboard opens it); its label is dressed
// as the button and shows the input's focus.
import { ImageUp, Trash2 } from 'lucide-react'
import { useId, useRef, useState } from 'react'
import type { User } from '#src/contract/auth'
import { AVATAR_ACCEPT, avatarFileProblem } from '#src/domain/avatar'
import { Button } from '#src/web/components/ui/button'
import { buttonVariants } from '#src/web/components/ui/button-variants'
import { UserAvatar } from '#src/web/components/user-avatar'
import { errorMessage } from '#src/web/lib/api'
import { cn } from '#src/web/lib/cn'
import { toast } from '#src/web/lib/toast'
import { useRemoveAvatar, useUploadAvatar } from '../api/save-avatar'

type Chosen = { file: File; preview: string }

export function ProfilePhoto({ user }: { user: User }) {
  const upload = useUploadAvatar()
  const remove = useRemoveAvatar()
  const [chosen, setChosen] = useState<Chosen | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  const id = useId()
  const busy = upload.isPending || remove.isPending
  const hasPhoto = user.profileImageUrl !== null

  const clearInput = () => {
    if (inputRef.current) inputRef.current.value = ''
  }
  const choose = (file: File | undefined) => {
    upload.reset()
    remove.reset()
    setProblem(null)
    if (!file) return
    const wrong = avatarFileProblem(file)
    if (wrong) {
      setProblem(wrong)
      clearInput()
      return
    }
    // a data: address, which the app's own policy lets an <img> show, for the preview
    const reader = new FileReader()
    reader.onload = () => {
      if (typeof reader.result === 'string') setChosen({ file, preview: reader.result })
    }
    reader.onerror = () => setProblem('This picture could not be read: choose another one')
    reader.readAsDataURL(file)
  }
  const cancel = () => {
    setChosen(null)
    upload.reset()
    clearInput()
  }
  const save = async () => {
    if (!chosen) return
    try {
      await upload.mutateAsync(chosen.file)
      setChosen(null)
      clearInput()
      toast({ title: 'Photo saved', description: 'Your household sees it next to your name.' })
    } catch {
      // shown below
    }
  }
  const removePhoto = async () => {
    upload.reset()
    setProblem(null)
    try {
      await remove.mutateAsync()
      toast({ title: 'Photo removed', description: 'Your initial shows instead.' })
    } catch {
      // shown below
    }
  }

  const failure = upload.error ?? remove.error
  const error = problem ?? (failure ? errorMessage(failure) : null)
  return (
    <section aria-labelledby={`${id}-title`} className="grid gap-3">
      <h3 id={`${id}-title`} className="text-sm font-medium">
        Photo
      </h3>
      <div className="flex flex-wrap items-center gap-4">
        <UserAvatar
          user={{ ...user, profileImageUrl: chosen?.preview ?? user.profileImageUrl }}
          className="size-14 text-lg"
        />
        <div className="grid min-w-0 flex-1 gap-2">
          <p id={`${id}-hint`} className="text-sm text-muted-foreground">
            A PNG, JPEG or WebP picture of at most 1 MB. Your household sees it next to your name:
            in the sidebar, the account menu and on the Family page. Without one, your initial does.
          </p>
          {chosen ? (
            <div className="flex flex-wrap items-center gap-2">
              <p role="status" className="w-full text-sm">
                This is how {chosen.file.name} will look. Save it to show it to your household.
              </p>
              <Button type="button" size="sm" onClick={() => void save()} disabled={busy}>
                {upload.isPending ? 'Saving…' : 'Save photo'}
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={cancel} disabled={busy}>
                Cancel
              </Button>
            </div>
          ) : (
            <div className="flex flex-wrap items-center gap-2">
              <input
                ref={inputRef}
                id={`${id}-file`}
                type="file"
                accept={AVATAR_ACCEPT}
                className="peer sr-only"
                disabled={busy}
                aria-invalid={error !== null}
                aria-describedby={error ? `${id}-hint ${id}-error` : `${id}-hint`}
                onChange={(e) => choose(e.target.files?.[0])}
              />
              <label
                htmlFor={`${id}-file`}
                className={cn(
                  buttonVariants({ variant: 'outline', size: 'sm' }),
                  'cursor-pointer peer-focus-visible:ring-2 peer-focus-visible:ring-ring peer-focus-visible:ring-offset-2 peer-focus-visible:ring-offset-background peer-disabled:pointer-events-none peer-disabled:opacity-50',
                )}
              >
                <ImageUp aria-hidden="true" />
                {hasPhoto ? 'Choose another photo' : 'Choose a photo'}
              </label>
              {hasPhoto && (
                <Button
                  type="button"
                  size="sm"
                  variant="outline"
                  onClick={() => void removePhoto()}
                  disabled={busy}
                >
                  <Trash2 aria-hidden="true" />
                  {remove.isPending ? 'Removing…' : 'Remove photo'}
                </Button>
              )}
            </div>
          )}
          {error && (
            <p id={`${id}-error`} role="alert" className="text-sm font-medium text-negative">
              {error}
            </p>
          )}
        </div>
      </div>
    </section>
  )
}
