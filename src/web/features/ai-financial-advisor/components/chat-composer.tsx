// The question box: labelled, Enter sends and Shift+Enter starts a new line, a count as the
// question nears its limit, and the reason when it cannot be sent.
import { SendHorizontal } from 'lucide-react'
import { useState, type RefObject } from 'react'
import { MAX_QUESTION_CHARS } from '#src/contract/advisor'
import { Button } from '#src/web/components/ui/button'
import { Textarea } from '#src/web/components/ui/textarea'
import { isSendKey, questionProblem } from '../chat'
import { countText } from '#src/web/lib/display-locale'

export function ChatComposer({
  value,
  onChange,
  onSend,
  busy,
  inputRef,
}: {
  value: string
  onChange: (value: string) => void
  onSend: (text: string) => void
  /** an answer is on its way: typing goes on, sending waits */
  busy: boolean
  inputRef: RefObject<HTMLTextAreaElement | null>
}) {
  const [problem, setProblem] = useState<string | null>(null)
  const send = () => {
    if (busy) return
    const why = questionProblem(value)
    setProblem(why)
    if (why === null) onSend(value.trim())
  }
  const near = value.length > MAX_QUESTION_CHARS * 0.8
  return (
    <form
      aria-label="Ask the advisor"
      className="space-y-1.5"
      onSubmit={(e) => {
        e.preventDefault()
        send()
      }}
    >
      <label htmlFor="advisor-question" className="text-sm font-medium">
        Your question
      </label>
      <div className="flex items-end gap-2">
        <Textarea
          id="advisor-question"
          ref={inputRef}
          rows={2}
          value={value}
          maxLength={MAX_QUESTION_CHARS}
          placeholder="Ask about spending, bills or goals"
          aria-describedby={problem === null ? 'advisor-question-hint' : 'advisor-question-hint advisor-question-problem'}
          aria-invalid={problem === null ? undefined : true}
          className="min-h-16 resize-none"
          onChange={(e) => {
            onChange(e.target.value)
            if (problem !== null) setProblem(null)
          }}
          onKeyDown={(e) => {
            if (!isSendKey({ key: e.key, shiftKey: e.shiftKey, isComposing: e.nativeEvent.isComposing }))
              return
            e.preventDefault()
            send()
          }}
        />
        <Button type="submit" disabled={busy} className="h-16 sm:px-5">
          <SendHorizontal aria-hidden="true" />
          <span className="sr-only sm:not-sr-only">{busy ? 'Answering…' : 'Send'}</span>
        </Button>
      </div>
      <div className="flex justify-between gap-2 text-xs text-muted-foreground">
        <p id="advisor-question-hint">Enter sends, Shift+Enter starts a new line.</p>
        {near && (
          <p className="tabular-nums">
            {countText(value.length)}/{countText(MAX_QUESTION_CHARS)}
          </p>
        )}
      </div>
      {problem !== null && (
        <p id="advisor-question-problem" className="text-sm text-negative">
          {problem}
        </p>
      )}
    </form>
  )
}
