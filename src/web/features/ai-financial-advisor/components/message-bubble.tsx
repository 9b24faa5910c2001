// One message of the chat: the member's question on the right, the advisor's reply on the left
// with the figures it used and who worded it (the offline engine or the configured model).
import { Bot } from 'lucide-react'
import type { ReactNode } from 'react'
import type { AdvisorMessage, Figure } from '#src/contract/advisor'
import { cn } from '#src/web/lib/cn'
import { ReplyFigures } from './reply-figures'

export function QuestionBubble({ text }: { text: string }) {
  return (
    <li className="flex justify-end" data-testid="advisor-message" data-role="user">
      <div className="max-w-[85%] rounded-2xl rounded-br-sm bg-primary px-4 py-2 text-sm break-words whitespace-pre-line text-primary-foreground">
        <span className="sr-only">You asked: </span>
        {text}
      </div>
    </li>
  )
}

export function ReplyBubble({
  children,
  figures = [],
  footer,
  testId = 'advisor-message',
}: {
  children: ReactNode
  figures?: readonly Figure[]
  footer?: ReactNode
  testId?: string
}) {
  return (
    <li className="flex items-start gap-2" data-testid={testId} data-role="assistant">
      <span className="mt-0.5 inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Bot className="size-4" aria-hidden="true" />
      </span>
      <div className="min-w-0 max-w-[min(100%,40rem)] flex-1 sm:flex-none">
        <div className="rounded-2xl rounded-tl-sm bg-muted px-4 py-2 text-sm break-words whitespace-pre-line">
          <span className="sr-only">The advisor answered: </span>
          {children}
        </div>
        <ReplyFigures figures={figures} />
        {footer}
      </div>
    </li>
  )
}

/** Who worded a reply; the figures always come from the server's own computations. */
export function EngineNote({
  engine,
  toolCalls = [],
}: {
  engine: AdvisorMessage['engine']
  toolCalls?: AdvisorMessage['toolCalls']
}) {
  return (
    <p className="mt-1.5 px-1 text-xs text-muted-foreground">
      {engine === 'model'
        ? `Worded by the model; figures computed on your server${toolCalls.length > 0 ? ` (${toolCalls.map((t) => t.name).join(', ')})` : ''}.`
        : 'Computed on your server.'}
    </p>
  )
}

export function StoredMessage({ message }: { message: AdvisorMessage }) {
  if (message.role === 'user') return <QuestionBubble text={message.text} />
  return (
    <ReplyBubble
      figures={message.figures}
      footer={<EngineNote engine={message.engine} toolCalls={message.toolCalls} />}
    >
      {message.text}
    </ReplyBubble>
  )
}

/** The reply on its way: three dots, or the streamed text so far. */
export function PendingReply({ streamed }: { streamed: string }) {
  return (
    <ReplyBubble testId="pending-reply">
      {streamed === '' ? (
        <span className="inline-flex items-center gap-1 py-1" data-testid="typing-indicator">
          <span className="sr-only">The advisor is working out the answer…</span>
          {[0, 1, 2].map((i) => (
            <span
              key={i}
              aria-hidden="true"
              className={cn(
                'size-2 animate-bounce rounded-full bg-muted-foreground/60',
                i === 1 && '[animation-delay:150ms]',
                i === 2 && '[animation-delay:300ms]',
              )}
            />
          ))}
        </span>
      ) : (
        streamed
      )}
    </ReplyBubble>
  )
}
