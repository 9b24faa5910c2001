// The advisor page's pure pieces: the event-stream reader, the send key, the suggestions, the
// question check and the list's time labels.
import { describe, expect, it } from 'vitest'
import { MAX_QUESTION_CHARS } from '#src/contract/advisor'
import {
  SUGGESTED_QUESTIONS,
  internalHref,
  isSendKey,
  parseSse,
  questionProblem,
  whenLabel,
} from './chat'

describe('parseSse', () => {
  it('reads complete events and keeps the one still arriving', () => {
    const { events, rest } = parseSse(
      'event: delta\ndata: {"text":"You spent"}\n\nevent: delta\ndata: {"text":" $1"}\n\nevent: do',
    )
    expect(events).toEqual([
      { event: 'delta', data: '{"text":"You spent"}' },
      { event: 'delta', data: '{"text":" $1"}' },
    ])
    expect(rest).toBe('event: do')
  })

  it('joins data lines, skips comments, reads CRLF and names a bare event "message"', () => {
    const { events, rest } = parseSse(': keep-alive\r\n\r\ndata: a\r\ndata: b\r\n\r\nevent: done\ndata:{"x":1}\n\n')
    expect(events).toEqual([
      { event: 'message', data: 'a\nb' },
      { event: 'done', data: '{"x":1}' },
    ])
    expect(rest).toBe('')
  })

  it('an event arriving in two pieces reads whole once the second comes', () => {
    const first = parseSse('event: error\ndata: {"message":"No')
    expect(first.events).toEqual([])
    const second = parseSse(`${first.rest} model"}\n\n`)
    expect(second.events).toEqual([{ event: 'error', data: '{"message":"No model"}' }])
  })
})

describe('isSendKey', () => {
  it('Enter sends; Shift+Enter and composing do not; other keys do not', () => {
    expect(isSendKey({ key: 'Enter', shiftKey: false })).toBe(true)
    expect(isSendKey({ key: 'Enter', shiftKey: true })).toBe(false)
    expect(isSendKey({ key: 'Enter', shiftKey: false, isComposing: true })).toBe(false)
    expect(isSendKey({ key: 'a', shiftKey: false })).toBe(false)
  })
})

describe('questionProblem', () => {
  it('refuses an empty or too long question, accepts the rest', () => {
    expect(questionProblem('   \n')).toBe('Type a question first.')
    expect(questionProblem('x'.repeat(MAX_QUESTION_CHARS + 1))).toBe(
      'Keep the question under 1,000 characters.',
    )
    expect(questionProblem(` ${'x'.repeat(MAX_QUESTION_CHARS)} `)).toBeNull()
    expect(questionProblem('What bills are due?')).toBeNull()
  })
})

describe('SUGGESTED_QUESTIONS', () => {
  it('are the five common questions of the empty conversation', () => {
    expect(SUGGESTED_QUESTIONS).toHaveLength(5)
    expect(SUGGESTED_QUESTIONS[0]).toBe('How much did I spend on groceries last month?')
  })
})

describe('whenLabel', () => {
  const day = (d: string) => `day ${d}`
  it('the time today, Yesterday, else the date, in the member’s zone', () => {
    expect(whenLabel('2026-11-25T14:05:00Z', '2026-11-25', 'UTC', day)).toBe('2:05 PM')
    expect(whenLabel('2026-11-24T23:59:00Z', '2026-11-25', 'UTC', day)).toBe('Yesterday')
    expect(whenLabel('2026-11-20T10:00:00Z', '2026-11-25', 'UTC', day)).toBe('day 2026-11-20')
    // 02:00 UTC on the 25th is still the 24th in New York
    expect(whenLabel('2026-11-25T02:00:00Z', '2026-11-25', 'America/New_York', day)).toBe('Yesterday')
    expect(whenLabel('not a date', '2026-11-25', 'UTC', day)).toBe('')
  })
})

describe('internalHref', () => {
  it('keeps paths inside the app and drops anything else', () => {
    expect(internalHref('/transactions?category=c1&from=2026-10-01&to=2026-10-31')).toBe(
      '/transactions?category=c1&from=2026-10-01&to=2026-10-31',
    )
    expect(internalHref('//evil.example/x')).toBeNull()
    expect(internalHref('https://evil.example')).toBeNull()
    expect(internalHref(null)).toBeNull()
  })
})
