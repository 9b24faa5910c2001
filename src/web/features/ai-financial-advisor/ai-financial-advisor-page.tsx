// The AI Advisor page: a chat about the household's money. The member's questions and
// the advisor's replies, each reply with the figures it used and links to what is behind them;
// suggested questions while a conversation is empty; the member's conversations (a side panel
// on a desktop, a select on a phone) to reopen or delete; and a plain note on what leaves the
// server. With a model configured the reply streams in; otherwise the server's own engine answers
// and three dots show while it works. The open conversation is in the address (?c=).
import { PremiumPageNote } from '#src/web/components/premium-note'
import { Bot, MessageSquarePlus, MessagesSquare, RotateCw } from 'lucide-react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { hasPremiumAccess } from '#src/domain/tiers'
import { ConfirmDialog } from '#src/web/components/confirm-dialog'
import { EmptyState } from '#src/web/components/empty-state'
import { ErrorState } from '#src/web/components/error-state'
import { PageBody, PageHeader } from '#src/web/components/page-header'
import { Alert } from '#src/web/components/ui/alert'
import { Button } from '#src/web/components/ui/button'
import { Card } from '#src/web/components/ui/card'
import { Skeleton } from '#src/web/components/ui/skeleton'
import { errorMessage, errorStatus } from '#src/web/lib/api'
import { useAuth } from '#src/web/lib/auth'
import { useDateFormat } from '#src/web/lib/format'
import { toast } from '#src/web/lib/toast'
import { useToday } from '#src/web/lib/today'
import { DESKTOP_QUERY, useMediaQuery } from '#src/web/lib/use-media-query'
import { useAskAdvisor } from './api/ask-advisor'
import { useDeleteConversation } from './api/delete-conversation'
import { useAdvisorStatus } from './api/get-advisor-status'
import { useConversation } from './api/get-conversation'
import { useConversations } from './api/list-conversations'
import { SUGGESTED_QUESTIONS, whenLabel } from './chat'
import { ChatComposer } from './components/chat-composer'
import {
  ConversationPanel,
  ConversationPicker,
  type ConversationSummary,
} from './components/conversation-list'
import { DataNote } from './components/data-note'
import { PendingReply, QuestionBubble, StoredMessage } from './components/message-bubble'

/** A question on its way: where it was asked (null: a new conversation) and the reply so far. */
type Pending = { conversationId: string | null; question: string; streamed: string }
type Failed = { conversationId: string | null; question: string; error: unknown }

function MessagesSkeleton() {
  return (
    <div className="space-y-4" role="status" aria-label="Loading the conversation">
      <Skeleton className="ml-auto h-10 w-2/3 rounded-2xl" />
      <Skeleton className="h-24 w-3/4 rounded-2xl" />
      <Skeleton className="ml-auto h-10 w-1/2 rounded-2xl" />
    </div>
  )
}

function Suggestions({
  questions,
  disabled,
  onAsk,
}: {
  questions: readonly string[]
  disabled: boolean
  onAsk: (question: string) => void
}) {
  return (
    <div className="flex flex-col items-center gap-4 py-6 text-center" data-testid="suggestions">
      <span className="inline-flex size-12 items-center justify-center rounded-full bg-accent text-accent-foreground">
        <Bot className="size-6" aria-hidden="true" />
      </span>
      <div className="space-y-1">
        <h3 className="text-lg font-semibold tracking-tight">Ask about your money</h3>
        <p className="max-w-md text-sm text-muted-foreground">
          Every answer comes from your own accounts, with the figures it used and links to the
          transactions behind them.
        </p>
      </div>
      <ul className="flex max-w-2xl flex-wrap justify-center gap-2" aria-label="Suggested questions">
        {questions.map((q) => (
          <li key={q}>
            <button
              type="button"
              disabled={disabled}
              onClick={() => onAsk(q)}
              className="rounded-full border bg-card px-3 py-1.5 text-sm outline-none hover:bg-muted focus-visible:ring-2 focus-visible:ring-ring disabled:opacity-50"
            >
              {q}
            </button>
          </li>
        ))}
      </ul>
    </div>
  )
}

export function AiFinancialAdvisorPage() {
  const { user } = useAuth()
  const allowed = user !== null && hasPremiumAccess(user.subscriptionTier)
  const isDesktop = useMediaQuery(DESKTOP_QUERY)
  const today = useToday()
  const formatDay = useDateFormat()
  const timeZone = user?.timeZone ?? 'UTC'
  const [search, setSearch] = useSearchParams()
  const activeId = search.get('c')

  const status = useAdvisorStatus(allowed)
  const conversations = useConversations(allowed)
  const conversation = useConversation(allowed ? activeId : null)
  const ask = useAskAdvisor()
  const remove = useDeleteConversation()

  const [draft, setDraft] = useState('')
  const [pending, setPending] = useState<Pending | null>(null)
  const [failed, setFailed] = useState<Failed | null>(null)
  const [announcement, setAnnouncement] = useState('')
  const [deleting, setDeleting] = useState<ConversationSummary | null>(null)
  const inputRef = useRef<HTMLTextAreaElement>(null)
  const endRef = useRef<HTMLDivElement>(null)
  // the conversation on screen when an answer arrives (the member may have moved on meanwhile)
  const shownRef = useRef(activeId)
  useEffect(() => {
    shownRef.current = activeId
  }, [activeId])

  const open = (id: string | null, replace = false) =>
    setSearch(
      (prev) => {
        const next = new URLSearchParams(prev)
        if (id === null) next.delete('c')
        else next.set('c', id)
        return next
      },
      { replace },
    )

  const startNew = () => {
    open(null)
    setFailed(null)
    inputRef.current?.focus()
  }

  const send = (question: string) => {
    if (pending !== null) return
    const from = activeId
    setFailed(null)
    setDraft('')
    setPending({ conversationId: from, question, streamed: '' })
    ask.mutate(
      {
        conversationId: from ?? undefined,
        text: question,
        stream: status.data?.modelConfigured === true,
        onDelta: (piece) =>
          setPending((p) => (p === null ? p : { ...p, streamed: p.streamed + piece })),
      },
      {
        onSuccess: (answer) => {
          setAnnouncement(`The advisor answered: ${answer.reply.text}`)
          // a new conversation opens once it has its id, unless another one was opened meanwhile
          if (from === null && shownRef.current === null) open(answer.conversationId, true)
          setPending(null)
        },
        onError: (error) => {
          setPending(null)
          setFailed({ conversationId: from, question, error })
          setAnnouncement(`The advisor could not answer: ${errorMessage(error)}`)
          // the question stays in the box to ask again
          setDraft((d) => (d === '' ? question : d))
        },
      },
    )
  }

  const messages = useMemo(
    () => (activeId !== null ? (conversation.data?.messages ?? []) : []),
    [activeId, conversation.data],
  )
  const pendingHere = pending !== null && pending.conversationId === activeId ? pending : null
  const failedHere = failed !== null && failed.conversationId === activeId ? failed : null

  // keep the newest message in view as replies come in
  const streamedLength = pendingHere?.streamed.length ?? -1
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'nearest' })
  }, [messages.length, streamedLength, failedHere])

  if (user !== null && !allowed) {
    return (
      <PageBody>
        <PremiumPageNote feature="aiAdvisor" title="AI Advisor" icon={Bot} description="Questions about your money answered in plain language, grounded in your own figures." tier={user.subscriptionTier} isOwner={user.role === 'owner'} />
      </PageBody>
    )
  }

  const whenOf = (iso: string) => whenLabel(iso, today, timeZone, formatDay)
  const listProps = {
    conversations: conversations.data,
    loading: conversations.isLoading,
    error: conversations.error,
    onRetry: () => void conversations.refetch(),
    activeId,
    onOpen: (id: string) => {
      open(id)
      setFailed(null)
    },
    onDelete: (c: ConversationSummary) => {
      remove.reset()
      setDeleting(c)
    },
    whenOf,
  }
  const title =
    activeId === null
      ? 'New conversation'
      : (conversation.data?.title ??
        conversations.data?.find((c) => c.id === activeId)?.title ??
        'Conversation')
  const missing = activeId !== null && errorStatus(conversation.error) === 404
  const empty = messages.length === 0 && pendingHere === null && failedHere === null

  let body
  if (activeId !== null && conversation.isLoading && pendingHere === null) {
    body = <MessagesSkeleton />
  } else if (missing) {
    body = (
      <EmptyState
        icon={MessagesSquare}
        title="This conversation is no longer here: it may have been deleted."
        action={
          <Button onClick={startNew}>
            <MessageSquarePlus aria-hidden="true" />
            Start a new conversation
          </Button>
        }
      />
    )
  } else if (activeId !== null && conversation.error) {
    body = (
      <ErrorState
        what="this conversation"
        error={conversation.error}
        onRetry={() => void conversation.refetch()}
      />
    )
  } else if (empty) {
    body = (
      <Suggestions
        questions={SUGGESTED_QUESTIONS}
        disabled={pending !== null}
        onAsk={(q) => {
          send(q)
          // the chips go once the question is asked: keep the keyboard in the question box
          // (not on a phone, where focusing it would open the on-screen keyboard)
          if (isDesktop) inputRef.current?.focus()
        }}
      />
    )
  } else {
    body = (
      <ol className="space-y-4" aria-label="Messages">
        {messages.map((m) => (
          <StoredMessage key={m.id} message={m} />
        ))}
        {pendingHere !== null && (
          <>
            <QuestionBubble text={pendingHere.question} />
            <PendingReply streamed={pendingHere.streamed} />
          </>
        )}
        {failedHere !== null && (
          <>
            <QuestionBubble text={failedHere.question} />
            <li>
              <Alert variant="destructive" data-testid="ask-error">
                <span className="flex flex-1 flex-wrap items-center justify-between gap-2">
                  <span>The advisor could not answer: {errorMessage(failedHere.error)}</span>
                  <Button
                    size="sm"
                    variant="outline"
                    onClick={() => {
                      setDraft('')
                      send(failedHere.question)
                    }}
                  >
                    <RotateCw aria-hidden="true" />
                    Try again
                  </Button>
                </span>
              </Alert>
            </li>
          </>
        )}
      </ol>
    )
  }

  return (
    <PageBody wide>
      <PageHeader
        description="Ask about your money in plain words: every answer shows the figures it used."
        actions={
          // on a phone the conversation select starts a new one
          isDesktop ? (
            <Button variant="outline" onClick={startNew} disabled={activeId === null && empty}>
              <MessageSquarePlus aria-hidden="true" />
              New conversation
            </Button>
          ) : undefined
        }
      />
      {status.error ? (
        <ErrorState
          what="the advisor's settings"
          error={status.error}
          onRetry={() => void status.refetch()}
        />
      ) : (
        <DataNote status={status.data} loading={status.isLoading} />
      )}
      {!isDesktop && <ConversationPicker {...listProps} onNew={startNew} />}
      <div className="grid items-start gap-6 lg:grid-cols-[18rem_minmax(0,1fr)]">
        {isDesktop && <ConversationPanel {...listProps} />}
        <Card aria-labelledby="chat-title" className="flex min-w-0 flex-col" data-testid="chat">
          {/* on a phone the conversation select above already shows the title */}
          <h2
            id="chat-title"
            className={
              isDesktop ? 'truncate border-b px-5 py-3 text-base font-semibold' : 'sr-only'
            }
          >
            {title}
          </h2>
          <div
            className="p-4 sm:p-5 lg:h-[min(60vh,40rem)] lg:overflow-y-auto"
            tabIndex={isDesktop ? 0 : undefined}
            role={isDesktop ? 'region' : undefined}
            aria-label={isDesktop ? 'Messages so far' : undefined}
            data-testid="chat-messages"
          >
            {body}
            <div ref={endRef} />
          </div>
          <div className="border-t p-4 sm:p-5">
            <ChatComposer
              value={draft}
              onChange={setDraft}
              onSend={send}
              busy={pending !== null}
              inputRef={inputRef}
            />
          </div>
        </Card>
      </div>
      <div aria-live="polite" className="sr-only" data-testid="advisor-live">
        {announcement}
      </div>
      <ConfirmDialog
        open={deleting !== null}
        onOpenChange={(o) => {
          if (!o) setDeleting(null)
        }}
        title="Delete this conversation?"
        description={
          <p>
            “{deleting?.title}” and every answer in it are deleted for good. Your accounts and
            transactions stay as they are.
          </p>
        }
        confirmLabel="Delete conversation"
        pendingLabel="Deleting…"
        pending={remove.isPending}
        error={remove.error}
        onConfirm={() => {
          if (deleting === null) return
          const id = deleting.id
          remove.mutate(id, {
            onSuccess: () => {
              setDeleting(null)
              if (id === activeId) open(null, true)
              toast({ title: 'Conversation deleted' })
            },
          })
        }}
      />
    </PageBody>
  )
}
