// Where a statement comes in: drop a file on the zone, or press the button to pick one. The
// hidden file input is what the button opens (and what tests fill).
import { FileUp } from 'lucide-react'
import { useRef, useState, type DragEvent } from 'react'
import { Button } from '#src/web/components/ui/button'
import { cn } from '#src/web/lib/cn'
import { ACCEPTED_FILES } from '../import-flow'

export function FileDrop({
  onFile,
  className,
}: {
  onFile: (file: File) => void
  className?: string
}) {
  const inputRef = useRef<HTMLInputElement>(null)
  const [over, setOver] = useState(false)

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault()
    setOver(false)
    const file = event.dataTransfer.files[0]
    if (file !== undefined) onFile(file)
  }

  return (
    <div
      data-testid="file-drop"
      onDragEnter={(event) => {
        event.preventDefault()
        setOver(true)
      }}
      onDragOver={(event) => {
        event.preventDefault()
        event.dataTransfer.dropEffect = 'copy'
        if (!over) setOver(true)
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setOver(false)
      }}
      onDrop={onDrop}
      className={cn(
        'flex flex-col items-center justify-center gap-3 rounded-xl border-2 border-dashed border-input px-6 py-10 text-center transition-colors',
        over && 'border-primary bg-accent',
        className,
      )}
    >
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <FileUp className="size-6" aria-hidden="true" />
      </span>
      <div className="space-y-1">
        <p className="font-medium">
          {over ? 'Drop it to read it' : 'Drop your bank statement here'}
        </p>
        <p className="text-sm text-muted-foreground">
          OFX, QFX, QIF, CSV or CAMT.053 (.xml), as your bank exports it. Nothing is saved until you
          confirm.
        </p>
      </div>
      <Button type="button" onClick={() => inputRef.current?.click()}>
        Choose a file
      </Button>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_FILES}
        className="sr-only"
        tabIndex={-1}
        aria-label="Statement file"
        data-testid="statement-file"
        onChange={(event) => {
          const file = event.target.files?.[0]
          // cleared, so choosing the same file again is seen as a new choice
          event.target.value = ''
          if (file !== undefined) onFile(file)
        }}
      />
    </div>
  )
}
