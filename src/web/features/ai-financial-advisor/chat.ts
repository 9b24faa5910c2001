// The AI Advisor page's pure pieces: reading the Server-Sent Events of the streamed answer
// (`event: delta` pieces, then `event: done` or `event: error`), which key press sends the
// question, the questions to suggest, and how a conversation's time reads in the list.
import { MAX_QUESTION_CHARS } from '#src/contract/advisor'
import { addDays, localDate, type IsoDate } from '#src/domain/dates'
import { countText, displayLocale } from '#src/web/lib/display-locale'
import { formatTime } from '#src/domain/locale'

/**
 * The questions offered as chips while a conversation is empty: the common questions the
 * server's own engine answers (domain/advisor/question.ts), worded for any household.
 */
export const SUGGESTED_QUESTIONS = [
  'How much did I spend on groceries last month?',
  'What are my biggest expenses this year?',
  'What bills are due?',
  'Can I afford $500?',
  'When will I reach my goal?',
] as const

export type SseEvent = { event: string; data: string }

/**
 * The complete events in `buffer` (each ends with a blank line) and what is left of an event
 * still arriving. Lines are "field: value"; several data lines join with "\n"; a comment line
 * (":…") is skipped; an event without an `event:` field is a "message".
 */
export function parseSse(buffer: string): { events: SseEvent[]; rest: string } {
  const text = buffer.replace(/\r\n?/g, '\n')
  const blocks = text.split('\n\n')
  const rest = blocks.pop() ?? ''
  const events: SseEvent[] = []
  for (const block of blocks) {
    let event = 'message'
    const data: string[] = []
    for (const line of block.split('\n')) {
      if (line === '' || line.startsWith(':')) continue
      const colon = line.indexOf(':')
      const field = colon === -1 ? line : line.slice(0, colon)
      let value = colon === -1 ? '' : line.slice(colon + 1)
      if (value.startsWith(' ')) value = value.slice(1)
      if (field === 'event') event = value
      else if (field === 'data') data.push(value)
    }
    if (data.length > 0 || event !== 'message') events.push({ event, data: data.join('\n') })
  }
  return { events, rest }
}

/** Enter sends; Shift+Enter (and Enter while an input method composes a word) makes a new line. */
export function isSendKey(e: { key: string; shiftKey: boolean; isComposing?: boolean }): boolean {
  return e.key === 'Enter' && !e.shiftKey && e.isComposing !== true
}

/** Why a question cannot be sent yet, or null when it can. */
export function questionProblem(text: string): string | null {
  const trimmed = text.trim()
  if (trimmed === '') return 'Type a question first.'
  if (trimmed.length > MAX_QUESTION_CHARS)
    return `Keep the question under ${countText(MAX_QUESTION_CHARS)} characters.`
  return null
}

/**
 * When a conversation was last touched, for the list: the time on `today`, "Yesterday", or the
 * date (formatted by the caller's `formatDay`), all in the member's time zone.
 */
export function whenLabel(
  iso: string,
  today: IsoDate,
  timeZone: string,
  formatDay: (date: IsoDate) => string,
): string {
  const at = new Date(iso)
  if (Number.isNaN(at.getTime())) return ''
  const day = localDate(at, timeZone)
  if (day === today) {
    return formatTime(at, displayLocale(), timeZone)
  }
  if (day === addDays(today, -1)) return 'Yesterday'
  return formatDay(day)
}

/** A figure's link inside the app (a path), or null for one that would leave it. */
export function internalHref(href: string | null): string | null {
  if (href === null) return null
  return href.startsWith('/') && !href.startsWith('//') ? href : null
}
