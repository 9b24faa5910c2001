// Exchange rates from an outside service: off until RATES_PROVIDER_URL is set; rates
// are otherwise typed in or imported from a CSV. The product speaks one small JSON-over-HTTP
// shape, the classic `latest` answer of many rate services (a few lines of glue put any other
// one in front):
//
//   GET <RATES_PROVIDER_URL>?base=USD&symbols=EUR,GBP   (at most 100 symbols a request)
//   Authorization: Bearer <RATES_PROVIDER_KEY>          (only when the key is set)
//   200 { "base": "USD", "date": "2026-03-13", "rates": { "EUR": 0.9184, "GBP": 0.7712 } }
//
// On `date`, one `base` is worth `rates[X]` of X. Currencies the service does not know are left
// out; an entry that does not fit (not a positive number) is skipped; an answer for another base
// or any other answer is an error, and nothing is written.
import { z } from 'zod'
import { isIsoDate } from '#src/domain/dates'
import type { Rate } from '#src/domain/currency'

export type RateProvider = {
  /** the latest rates of `symbols` against `base`: rows { currency: base, quote: symbol } */
  latest(base: string, symbols: string[]): Promise<Rate[]>
}

export type RateProviderConfig = { url: string; key: string | null }

export const MAX_SYMBOLS_PER_REQUEST = 100

const answer = z.object({
  base: z.string(),
  date: z.string().refine(isIsoDate),
  rates: z.record(z.string(), z.unknown()),
})

export class RateProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'RateProviderError'
  }
}

/** The provider at `config.url`, asked in batches of MAX_SYMBOLS_PER_REQUEST. */
export function httpRateProvider(config: RateProviderConfig, options: { timeoutMs?: number } = {}): RateProvider {
  return {
    async latest(base, symbols) {
      const from = base.toUpperCase()
      const unique = [...new Set(symbols.map((s) => s.toUpperCase()))].filter((s) => s !== from).sort()
      const out: Rate[] = []
      for (let i = 0; i < unique.length; i += MAX_SYMBOLS_PER_REQUEST) {
        const batch = unique.slice(i, i + MAX_SYMBOLS_PER_REQUEST)
        const url = new URL(config.url)
        url.searchParams.set('base', from)
        url.searchParams.set('symbols', batch.join(','))
        const res = await fetch(url, {
          headers: { accept: 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        })
        if (!res.ok) throw new RateProviderError(`The rate provider answered ${res.status}`)
        const parsed = answer.safeParse(await res.json().catch(() => null))
        if (!parsed.success) throw new RateProviderError('The rate provider answered something other than { base, date, rates }')
        if (parsed.data.base.toUpperCase() !== from) {
          throw new RateProviderError(`The rate provider answered rates of ${parsed.data.base}, not ${from}`)
        }
        const wanted = new Set(batch)
        for (const [symbol, value] of Object.entries(parsed.data.rates)) {
          const quote = symbol.toUpperCase()
          if (!wanted.has(quote) || typeof value !== 'number' || !Number.isFinite(value) || value <= 0 || value >= 1e9) continue
          out.push({ currency: from, quote, date: parsed.data.date, rate: value })
        }
      }
      return out
    },
  }
}
