// Security prices from an outside service: off until PRICE_PROVIDER_URL is set; prices
// are otherwise typed in, imported from a CSV or read from statements. The product speaks one
// small JSON-over-HTTP shape, so any service (or a few lines of glue in front of one) can serve it:
//
//   GET <PRICE_PROVIDER_URL>?symbols=AAPL,VTI      (at most 100 symbols a request)
//   Authorization: Bearer <PRICE_PROVIDER_KEY>     (only when the key is set)
//   200 { "prices": [ { "symbol": "AAPL", "date": "2026-03-13", "price": 213.49 } ] }
//
// `date` is the trading day of the price (YYYY-MM-DD) and `price` its close per share in the
// security's currency, at most 8 decimals; symbols the service does not know are left out. An
// entry that does not fit is skipped; any other answer is an error and nothing is written.
import { z } from 'zod'
import { isIsoDate, type IsoDate } from '#src/domain/dates'

export type ProviderPrice = { symbol: string; date: IsoDate; price: number }

export type PriceProvider = {
  /** the latest price of each symbol the provider knows */
  latest(symbols: string[]): Promise<ProviderPrice[]>
}

export type PriceProviderConfig = { url: string; key: string | null }

export const MAX_SYMBOLS_PER_REQUEST = 100

const entry = z.object({
  symbol: z.string().min(1).max(32),
  date: z.string().refine(isIsoDate),
  price: z.number().nonnegative().lt(90_000_000),
})
const answer = z.object({ prices: z.array(z.unknown()).max(10_000) })

export class PriceProviderError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'PriceProviderError'
  }
}

/** The provider at `config.url`, asked in batches of MAX_SYMBOLS_PER_REQUEST. */
export function httpPriceProvider(config: PriceProviderConfig, options: { timeoutMs?: number } = {}): PriceProvider {
  return {
    async latest(symbols) {
      const unique = [...new Set(symbols.map((s) => s.toUpperCase()))].sort()
      const out: ProviderPrice[] = []
      for (let i = 0; i < unique.length; i += MAX_SYMBOLS_PER_REQUEST) {
        const batch = unique.slice(i, i + MAX_SYMBOLS_PER_REQUEST)
        const url = new URL(config.url)
        url.searchParams.set('symbols', batch.join(','))
        const res = await fetch(url, {
          headers: { accept: 'application/json', ...(config.key ? { authorization: `Bearer ${config.key}` } : {}) },
          signal: AbortSignal.timeout(options.timeoutMs ?? 15_000),
        })
        if (!res.ok) throw new PriceProviderError(`The price provider answered ${res.status}`)
        const parsed = answer.safeParse(await res.json().catch(() => null))
        if (!parsed.success) throw new PriceProviderError('The price provider answered something other than { prices: [...] }')
        const wanted = new Set(batch)
        for (const item of parsed.data.prices) {
          const p = entry.safeParse(item)
          if (!p.success) continue
          const symbol = p.data.symbol.toUpperCase()
          if (!wanted.has(symbol)) continue
          // kept in 1e-8 units: 213.48999999999998 is 213.49
          out.push({ symbol, date: p.data.date, price: Math.round(p.data.price * 1e8) / 1e8 })
        }
      }
      return out
    },
  }
}
