// SimpleFIN Bridge (protocol: https://www.simplefin.org/protocol.html), over safeFetch.
//   setup token = Base64 of a claim URL; POST to it (no body) answers the Access URL
//   (https://user:password@host/path), once — a 403 means it was claimed already.
//   GET {access}/accounts?start-date=&end-date=&pending=1 with HTTP Basic credentials answers
//   { errors: [string], accounts: [{ org, id, name, currency, balance: "string",
//   "available-balance", "balance-date": epoch, transactions: [{ id, posted: epoch (0 when
//   pending), amount: "string" (positive = money in), description, payee?, memo?,
//   transacted_at?, pending? }] }] }; the 2.0 servers add errlist [{ code, msg, account_id? }].
// Every URL (the claim URL from the token, the Access URL the bridge answers) is a user's: it is
// called only through safeFetch, which refuses internal addresses (UnsafeUrlError), also at
// connect time, and follows no redirect.
import { asCents, type Cents } from '#src/domain/money'
import { safeFetch, type SafeRequest } from '#src/server/http/safe-fetch'
import { checkSafeUrl, UnsafeUrlError } from '#src/server/http/safe-url'
import { BankProviderError, type ProviderAccount, type ProviderTransaction } from './bank-provider'

export type SimplefinOptions = {
  allowLocal: boolean
  /** how names are resolved (tests); default: the system resolver */
  resolve?: (host: string) => Promise<string[]>
  /** per request (default 30 s) */
  timeoutMs?: number
}

/** A bridge's message is kept to this length (they are a sentence or two). */
const MAX_MESSAGE_CHARS = 500

/** The longest window one request may ask for (SimpleFIN servers refuse more than 90 days). */
export const SIMPLEFIN_MAX_WINDOW_DAYS = 90

export type SimplefinAccountResult = ProviderAccount & {
  transactions: ProviderTransaction[]
  /** this account could not be read (an errlist entry naming it, or data that does not parse) */
  error: string | null
}

export type SimplefinAccountSet = {
  accounts: SimplefinAccountResult[]
  /**
   * the bridge's general messages, meant for the member (`errors`, and errlist entries naming no
   * account): shown on the connection; they fail the sync only when no account came with them
   */
  messages: string[]
}

/** The claim URL inside a setup token; throws 'failed' when it is not Base64 of an http(s) URL. */
export function claimUrlOf(setupToken: string): string {
  const text = Buffer.from(setupToken.trim(), 'base64').toString('utf8').trim()
  if (!/^https?:\/\/\S+$/.test(text)) throw new BankProviderError('failed', 'This is not a SimpleFIN setup token (it should be Base64 of a claim URL)')
  return text
}

/** "−12.34" → cents; more than 2 decimals are rounded half away from zero. */
export function parseAmount(text: unknown): Cents {
  if (typeof text !== 'string' && typeof text !== 'number') throw new Error('amount missing')
  const s = String(text).trim()
  const m = /^([+-]?)(\d+)(?:\.(\d+))?$/.exec(s)
  if (!m) throw new Error(`amount "${s}" is not a number`)
  const [, sign = '', whole = '0', frac = ''] = m
  let cents = Number(whole) * 100 + Number((frac + '00').slice(0, 2))
  if (frac.length > 2 && Number(frac[2]) >= 5) cents += 1
  if (!Number.isSafeInteger(cents)) throw new Error(`amount "${s}" is too large`)
  return asCents(sign === '-' ? -cents : cents)
}

const dateOf = (epochSeconds: number): string => new Date(epochSeconds * 1000).toISOString().slice(0, 10)

type Json = Record<string, unknown>
const str = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

function guessType(name: string): ProviderAccount['type'] {
  const n = name.toLowerCase()
  if (/credit|card|visa|mastercard|amex/.test(n)) return 'credit_card'
  if (/saving/.test(n)) return 'savings'
  if (/mortgage/.test(n)) return 'mortgage'
  if (/loan/.test(n)) return 'loan'
  if (/invest|brokerage|ira|401k|retire/.test(n)) return 'investment'
  return 'checking'
}

function readAccount(raw: Json, errorsById: Map<string, string>): SimplefinAccountResult {
  const id = str(raw.id)
  if (!id) throw new BankProviderError('failed', 'SimpleFIN answered an account without an id')
  const org = (raw.org ?? {}) as Json
  const name = str(raw.name) || 'Account'
  const base: SimplefinAccountResult = {
    id,
    name,
    mask: null,
    currency: /^[A-Z]{3}$/.test(str(raw.currency)) ? str(raw.currency) : 'USD',
    type: guessType(name),
    balance: null,
    availableBalance: null,
    balanceDate: null,
    institution: str(org.name) || str(org.domain),
    transactions: [],
    error:
      errorsById.get(id) ??
      (Array.isArray(raw.errors) && raw.errors.length > 0 ? (raw.errors as unknown[]).map(str).join('; ') || 'The bank could not be read' : null),
  }
  if (base.error !== null) return base
  try {
    base.balance = parseAmount(raw.balance)
    if (raw['available-balance'] !== undefined) base.availableBalance = parseAmount(raw['available-balance'])
    const when = Number(raw['balance-date'])
    base.balanceDate = Number.isFinite(when) && when > 0 ? new Date(when * 1000) : null
    const list = Array.isArray(raw.transactions) ? (raw.transactions as Json[]) : []
    base.transactions = list.map((t) => {
      const tid = str(t.id)
      if (!tid) throw new Error('a transaction without an id')
      const posted = Number(t.posted ?? 0)
      const transacted = Number(t.transacted_at ?? 0)
      const pending = t.pending === true || !(posted > 0)
      const when = posted > 0 ? posted : transacted
      if (!(when > 0)) throw new Error(`transaction ${tid} has no date`)
      const description = str(t.description).slice(0, 500)
      return {
        id: tid.slice(0, 255),
        accountId: id,
        date: dateOf(when),
        amount: parseAmount(t.amount),
        payee: (str(t.payee) || description).slice(0, 200),
        description,
        pending,
        pendingId: null,
      }
    })
  } catch (error) {
    base.transactions = []
    base.error = `SimpleFIN sent data for this account that could not be read (${error instanceof Error ? error.message : 'unknown'})`
  }
  return base
}

export type SimplefinClient = {
  /** POSTs to the token's claim URL; returns the Access URL (to be sealed) */
  claim(setupToken: string): Promise<string>
  /** one window (at most 90 days) of every account, pending rows included */
  accounts(accessUrl: string, from: Date, to: Date): Promise<SimplefinAccountSet>
}

export function simplefinClient(options: SimplefinOptions): SimplefinClient {
  const timeout = options.timeoutMs ?? 30_000
  /** The bridge's answer; UnsafeUrlError for a refused address, BankProviderError for the rest. */
  const call = async (url: URL, init: Omit<SafeRequest, 'timeoutMs'>): Promise<Response> => {
    let res: Response
    try {
      res = await safeFetch(url, { ...init, timeoutMs: timeout }, options)
    } catch (error) {
      if (error instanceof UnsafeUrlError) throw error
      throw new BankProviderError('failed', `SimpleFIN Bridge (${url.host}) could not be reached`)
    }
    if (res.status >= 300 && res.status < 400) {
      await res.body?.cancel().catch(() => undefined)
      throw new BankProviderError('failed', `SimpleFIN Bridge (${url.host}) answered with a redirect, which is not followed`)
    }
    return res
  }
  return {
    async claim(setupToken) {
      const url = await checkSafeUrl(claimUrlOf(setupToken), options)
      const res = await call(url, { method: 'POST', headers: { 'content-length': '0' } })
      if (res.status === 403) throw new BankProviderError('claimed', 'The setup token was already claimed')
      if (!res.ok) throw new BankProviderError('failed', `SimpleFIN Bridge answered ${String(res.status)} to the claim`)
      const access = (await res.text()).trim()
      // the access URL is checked now too: it is what every later sync calls
      const parsed = await checkSafeUrl(access, options)
      if (!parsed.username || !parsed.password) throw new BankProviderError('failed', 'SimpleFIN Bridge answered an Access URL without credentials')
      return access
    },

    async accounts(accessUrl, from, to) {
      try {
        return await readAccounts(accessUrl, from, to)
      } catch (error) {
        // during a sync no member's field is there to name: the refusal is the connection's error
        if (error instanceof UnsafeUrlError) throw new BankProviderError('failed', error.message)
        throw error
      }
    },
  }

  async function readAccounts(accessUrl: string, from: Date, to: Date): Promise<SimplefinAccountSet> {
    const access = await checkSafeUrl(accessUrl, options)
    const auth = Buffer.from(`${decodeURIComponent(access.username)}:${decodeURIComponent(access.password)}`).toString('base64')
    access.username = ''
    access.password = ''
    const url = new URL(`${access.href.replace(/\/+$/, '')}/accounts`)
    url.searchParams.set('start-date', String(Math.floor(from.getTime() / 1000)))
    url.searchParams.set('end-date', String(Math.floor(to.getTime() / 1000)))
    url.searchParams.set('pending', '1')
    const res = await call(url, { method: 'GET', headers: { authorization: `Basic ${auth}`, accept: 'application/json' } })
    if (res.status === 403 || res.status === 401) throw new BankProviderError('revoked', 'SimpleFIN Bridge refused the Access URL')
    if (res.status === 402) throw new BankProviderError('failed', 'The SimpleFIN Bridge subscription needs payment')
    if (!res.ok) throw new BankProviderError('failed', `SimpleFIN Bridge answered ${String(res.status)}`)
    let body: Json
    try {
      body = (await res.json()) as Json
    } catch {
      throw new BankProviderError('failed', 'SimpleFIN Bridge answered something that is not JSON')
    }
    if (!Array.isArray(body.accounts)) throw new BankProviderError('failed', 'SimpleFIN Bridge answered without accounts')
    const errorsById = new Map<string, string>()
    // strings meant for the member (a v1 bridge reports a bank it could not read only here)
    const messages = (Array.isArray(body.errors) ? body.errors : []).map((e) => str(e).trim().slice(0, MAX_MESSAGE_CHARS)).filter(Boolean)
    for (const e of Array.isArray(body.errlist) ? (body.errlist as Json[]) : []) {
      const accountId = str(e.account_id ?? e.acct_id)
      const msg = str(e.msg ?? e.message) || 'The bank could not be read'
      if (accountId) errorsById.set(accountId, msg)
      else messages.push(msg.slice(0, MAX_MESSAGE_CHARS))
    }
    return { accounts: (body.accounts as Json[]).map((a) => readAccount(a, errorsById)), messages }
  }
}
