// Requests generated from the contracts: each endpoint's zod schemas (params, query, body) are
// turned into JSON Schema (z.toJSONSchema, the input side) and from there into fast-check
// arbitraries of values that mostly fit — ids of rows that exist, dates and months near today,
// amounts a household has — mixed with hostile ones (values.ts) and broken shapes (unknown and
// missing fields, a body that is not an object, JSON that does not parse, a wrong content type).
import fc from 'fast-check'
import { z } from 'zod'
import type { EndpointDef } from '#src/contract/endpoint'
import { endpointKey } from './contracts'
import {
  FAR_DATES,
  FAR_MONTHS,
  Huge,
  Ref,
  hostileIdArb,
  hostileNumberArb,
  hostileStringArb,
  hugeArb,
  refArb,
  unknownKeyArb,
  wrongTypeArb,
  type Pool,
} from './values'

export type Actor = 'A' | 'B' | 'anon'

export type SymBody =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown }
  | { kind: 'raw'; contentType: string; text: unknown }
  | { kind: 'multipart'; fields: Record<string, unknown>; file: { name: string; content: unknown } | null }

/** One generated request, before the references in it are resolved against the database. */
export type SymRequest = {
  endpoint: string
  actor: Actor
  params: Record<string, unknown>
  query: Record<string, unknown> | null
  body: SymBody
  /** which client address it comes from (a few, so rate limits are met too) */
  ip: number
}

/** The subset of JSON Schema that z.toJSONSchema writes for the contracts. */
type Js = {
  type?: string | string[]
  properties?: Record<string, Js>
  required?: string[]
  items?: Js
  prefixItems?: Js[]
  anyOf?: Js[]
  oneOf?: Js[]
  allOf?: Js[]
  enum?: unknown[]
  const?: unknown
  format?: string
  pattern?: string
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  exclusiveMinimum?: number
  exclusiveMaximum?: number
  minItems?: number
  maxItems?: number
  default?: unknown
  additionalProperties?: Js | boolean
  $ref?: string
  $defs?: Record<string, Js>
}

export function toJs(schema: z.ZodType): Js {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any', cycles: 'ref', reused: 'inline' }) as Js
}

type Ctx = {
  /** the endpoint's path, for ids named only `id` or `ids` */
  path: string
  /** chance that a leaf gets a hostile value instead of a fitting one */
  hostility: number
  root: Js
  depth: number
}

// ----- what a field holds, from its name -----

/** The table an id field points into, from its name and the endpoint's path. */
export function idTable(name: string, path: string): string | null {
  const bare = name.replace(/\[\]$/, '')
  const byName: [RegExp, string][] = [
    [/^(account|fromAccount|toAccount|sourceAccount|targetAccount)Ids?$/i, 'accounts'],
    [/^(category|setCategory|into|parent|fromCategory|toCategory)Ids?$/i, 'categories'],
    [/^(importBatch|batch)Ids?$/i, 'import_batches'],
    [/^(owner|entered|user|member|newOwner)(Id)?s?$|^enteredBy$/i, 'users'],
    [/^goalIds?$/i, 'goals'],
    [/^billIds?$/i, 'bills'],
    [/^ruleIds?$/i, 'rules'],
    [/^budgetIds?$/i, 'budgets'],
    [/^(transaction|transfer)Ids?$/i, 'transactions'],
    [/^reminderIds?$/i, 'reminders'],
    [/^sessionIds?$/i, 'sessions'],
  ]
  for (const [re, table] of byName) if (re.test(bare)) return table
  // `id`, `ids`, `:id`: the resource the path names (the segment before the id, or the first)
  const segments = path.split('/').filter((s) => s && s !== 'api')
  const at = segments.findIndex((s) => s === `:${bare}`)
  const resource = at > 0 ? segments[at - 1] : segments[0]
  if (!resource) return null
  const known: Record<string, string> = {
    accounts: 'accounts',
    transactions: 'transactions',
    transfers: 'transactions',
    categories: 'categories',
    budgets: 'budgets',
    goals: 'goals',
    bills: 'bills',
    reminders: 'reminders',
    'credit-score': 'credit_scores',
    rules: 'rules',
    imports: 'import_batches',
    members: 'users',
    sessions: 'sessions',
    passkeys: 'webauthn_credentials',
  }
  return known[resource] ?? null
}

type StringKind =
  | 'date'
  | 'month'
  | 'email'
  | 'password'
  | 'code'
  | 'recoveryCode'
  | 'token'
  | 'locale'
  | 'timeZone'
  | 'currency'
  | 'cursor'
  | 'text'

export function stringKind(name: string): StringKind {
  const n = name.replace(/\[\]$/, '')
  if (/^(from|to)$|date$|^date|At$/i.test(n)) return 'date'
  if (/month$/i.test(n)) return 'month'
  if (/email/i.test(n)) return 'email'
  if (/password/i.test(n)) return 'password'
  if (/^recoveryCode$/i.test(n)) return 'recoveryCode'
  if (/^code$|Code$/.test(n)) return 'code'
  if (/^token$/i.test(n)) return 'token'
  if (/^locale$/i.test(n)) return 'locale'
  if (/timeZone/i.test(n)) return 'timeZone'
  if (/currency/i.test(n)) return 'currency'
  if (/^cursor$/i.test(n)) return 'cursor'
  return 'text'
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0')
const nearDate = fc
  .record({ y: fc.integer({ min: 2024, max: 2027 }), m: fc.integer({ min: 1, max: 12 }), d: fc.integer({ min: 1, max: 28 }) })
  .map(({ y, m, d }) => `${y}-${pad(m)}-${pad(d)}`)
const nearMonth = fc
  .record({ y: fc.integer({ min: 2025, max: 2027 }), m: fc.integer({ min: 1, max: 12 }) })
  .map(({ y, m }) => `${y}-${pad(m)}`)
const words = fc
  .array(
    fc.constantFrom('Coffee', 'rent', 'Shop', 'groceries', 'Netflix', 'Tom', 'gas', 'ÉCOLE', 'Zoë', 'bonus', '42', 'A&B', 'o\'brien', 'savings'),
    { minLength: 1, maxLength: 3 },
  )
  .map((w) => w.join(' '))

function fitLength(arb: fc.Arbitrary<string>, s: Js): fc.Arbitrary<string> {
  const min = s.minLength ?? 0
  const max = s.maxLength ?? 10_000
  return arb.map((v) => {
    let out = v.length > max ? v.slice(0, max) : v
    while (out.length < min) out += 'x'
    return out
  })
}

function fittingString(s: Js, name: string, ctx: Ctx): fc.Arbitrary<unknown> {
  if (s.format === 'uuid') return refArb('id', idTable(name, ctx.path))
  // an id that is not a UUID (a session's): mostly one that exists
  if (/^id$|Id$/.test(name)) return fc.oneof({ arbitrary: refArb('id', idTable(name, ctx.path)), weight: 4 }, { arbitrary: fc.string({ maxLength: 70 }), weight: 1 })
  if (s.format === 'email') return refArb('email', null)
  const kind = stringKind(name)
  switch (kind) {
    case 'date':
      return fc.oneof({ arbitrary: nearDate, weight: 9 }, { arbitrary: fc.constantFrom(...FAR_DATES), weight: 1 })
    case 'month':
      return fc.oneof({ arbitrary: nearMonth, weight: 9 }, { arbitrary: fc.constantFrom(...FAR_MONTHS), weight: 1 })
    case 'email':
      return fc.oneof(refArb('email', null), fc.emailAddress())
    case 'password':
      return fc.oneof(refArb('password', null), fc.string({ minLength: 1, maxLength: 40 }))
    case 'code':
      return fc.oneof(fc.stringMatching(/^\d{6}$/), fc.string({ maxLength: 10 }))
    case 'recoveryCode':
      return fc.oneof(fc.stringMatching(/^[a-z0-9]{5}-[a-z0-9]{5}$/), fc.string({ maxLength: 12 }))
    case 'token':
      return fc.oneof({ arbitrary: refArb('token', null), weight: 3 }, { arbitrary: fc.base64String({ minLength: 10, maxLength: 60 }), weight: 1 })
    case 'locale':
      return fc.constantFrom('en-US', 'en-GB', 'de-DE', 'fr', 'ja-JP', 'xx-YY', 'en_US', 'i-klingon')
    case 'timeZone':
      return fc.constantFrom('UTC', 'America/New_York', 'Europe/Berlin', 'Asia/Kolkata', 'Pacific/Kiritimati', 'Mars/Olympus', 'Etc/GMT+12')
    case 'currency':
      return fc.constantFrom('USD', 'EUR', 'GBP', 'JPY', 'XXX', 'usd', 'EURO')
    case 'cursor':
      return fc.oneof(refArb('cursor', null), fc.string({ maxLength: 40 }))
    default:
      break
  }
  if (s.pattern) {
    try {
      return fc.stringMatching(new RegExp(s.pattern)).filter((v) => v.length <= (s.maxLength ?? 1000))
    } catch {
      // a pattern JavaScript cannot read: plain text below
    }
  }
  if (/^(value|value2)$/.test(name)) return fc.oneof(words, fc.double({ min: -5000, max: 5000, noNaN: true }).map((n) => n.toFixed(2)), fc.constantFrom('^sho+p', 'a|b', '.*'))
  return fitLength(fc.oneof({ arbitrary: words, weight: 3 }, { arbitrary: fc.string({ maxLength: 30 }), weight: 1 }), s)
}

const MONEY_NAMES = /amount|balance|target|contribution|limit|price|income|spent|value$/i

function fittingNumber(s: Js, name: string, integer: boolean): fc.Arbitrary<number> {
  const min = s.minimum ?? (s.exclusiveMinimum !== undefined ? s.exclusiveMinimum + (integer ? 1 : 0.01) : undefined)
  const max = s.maximum ?? (s.exclusiveMaximum !== undefined ? s.exclusiveMaximum - (integer ? 1 : 0.01) : undefined)
  if (integer) {
    const lo = Math.max(min ?? -1000, -(2 ** 31))
    const hi = Math.min(max ?? 1000, 2 ** 31)
    return fc.integer({ min: Math.ceil(lo), max: Math.max(Math.ceil(lo), Math.floor(hi)) })
  }
  if (MONEY_NAMES.test(name) || (min === undefined && max === undefined)) {
    const lo = Math.round((min ?? -5000) * 100)
    const hi = Math.round((max ?? 5000) * 100)
    const low = Math.max(lo, -500_000)
    const high = Math.max(low, Math.min(hi, 500_000))
    // mostly more than 0 (most amounts must be), some 0 or less where allowed
    const positive = fc.integer({ min: Math.max(low, 1), max: Math.max(low, 1, high) })
    // and now and then an amount near the API's bound, which many together must still add up
    const huge = [999_999_999_999, 500_000_000_000, 99_999_999_999].filter((c) => (min === undefined || c >= min * 100) && (max === undefined || c <= max * 100))
    return fc
      .oneof(
        { arbitrary: positive, weight: 30 },
        { arbitrary: fc.integer({ min: low, max: high }), weight: 10 },
        ...(huge.length ? [{ arbitrary: fc.constantFrom(...huge), weight: 2 }] : []),
      )
      .map((c) => c / 100)
  }
  return fc.double({ min: min ?? -1000, max: max ?? 1000, noNaN: true, noDefaultInfinity: true })
}

function resolveRef(s: Js, ctx: Ctx): Js {
  if (!s.$ref) return s
  const m = /^#\/\$defs\/(.+)$/.exec(s.$ref)
  const target = m?.[1] ? ctx.root.$defs?.[m[1]] : s.$ref === '#' ? ctx.root : undefined
  return target ?? {}
}

function hostileFor(s: Js, name: string, ctx: Ctx): fc.Arbitrary<unknown> {
  const types = new Set(typesOf(s))
  const options: { arbitrary: fc.Arbitrary<unknown>; weight: number }[] = [{ arbitrary: wrongTypeArb, weight: 2 }]
  if (types.has('string')) {
    options.push({ arbitrary: hostileStringArb, weight: 5 })
    if (s.format === 'uuid') options.push({ arbitrary: hostileIdArb, weight: 4 })
  }
  if (types.has('number') || types.has('integer')) options.push({ arbitrary: hostileNumberArb, weight: 6 })
  if (types.has('array')) {
    const item = s.items ? fitting(resolveRef(s.items, ctx), name, { ...ctx, depth: ctx.depth + 1 }) : fc.constant(1)
    options.push({ arbitrary: fc.array(item, { minLength: 51, maxLength: 120 }), weight: 1 })
    options.push({ arbitrary: fc.constant([]), weight: 1 })
  }
  if (types.has('object') || types.size === 0) options.push({ arbitrary: hostileStringArb, weight: 1 })
  return fc.oneof(...options)
}

function typesOf(s: Js): string[] {
  if (Array.isArray(s.type)) return s.type
  if (s.type) return [s.type]
  const alts = s.anyOf ?? s.oneOf
  if (alts) return alts.flatMap(typesOf)
  if (s.enum) return [...new Set(s.enum.map((v) => (v === null ? 'null' : typeof v)))]
  return []
}

/** A value that fits the schema, leaf by leaf hostile with the context's chance. */
export function arbitraryFor(schema: Js, name: string, ctx: Ctx): fc.Arbitrary<unknown> {
  const s = resolveRef(schema, ctx)
  const good = fitting(s, name, ctx)
  if (ctx.hostility <= 0) return good
  const isLeaf = !(s.type === 'object' || s.type === 'array' || s.anyOf || s.oneOf || s.allOf)
  if (!isLeaf) return good
  const weight = Math.round(ctx.hostility * 100)
  return fc.oneof({ arbitrary: good, weight: 100 - weight }, { arbitrary: hostileFor(s, name, ctx), weight })
}

function fitting(s: Js, name: string, ctx: Ctx): fc.Arbitrary<unknown> {
  if (ctx.depth > 6) return fc.constant(null)
  if (s.const !== undefined) return fc.constant(s.const)
  if (s.enum) return fc.constantFrom(...s.enum)
  const alts = s.anyOf ?? s.oneOf
  if (alts && alts.length > 0) return fc.oneof(...alts.map((a) => arbitraryFor(a, name, { ...ctx, depth: ctx.depth + 1 })))
  if (s.allOf && s.allOf.length > 0) return arbitraryFor(s.allOf[0] ?? {}, name, { ...ctx, depth: ctx.depth + 1 })
  const type = Array.isArray(s.type) ? s.type[0] : s.type
  switch (type) {
    case 'string':
      return fittingString(s, name, ctx)
    case 'number':
      return fittingNumber(s, name, false)
    case 'integer':
      return fittingNumber(s, name, true)
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      if (s.prefixItems) return fc.tuple(...s.prefixItems.map((p, i) => arbitraryFor(p, `${name}${i}`, { ...ctx, depth: ctx.depth + 1 })))
      const item = s.items ? arbitraryFor(s.items, `${name}[]`, { ...ctx, depth: ctx.depth + 1 }) : fc.jsonValue({ maxDepth: 1 })
      const min = s.minItems ?? 0
      return fc.array(item, { minLength: min, maxLength: Math.max(min, Math.min(s.maxItems ?? 4, 4)) })
    }
    case 'object':
      return objectArb(s, ctx)
    default:
      return fc.oneof(fc.string({ maxLength: 10 }), fc.integer(), fc.boolean(), fc.constant(null))
  }
}

function objectArb(s: Js, ctx: Ctx): fc.Arbitrary<Record<string, unknown>> {
  const props = s.properties ?? {}
  const required = new Set(s.required ?? [])
  const model: Record<string, fc.Arbitrary<unknown>> = {}
  for (const [key, prop] of Object.entries(props)) model[key] = arbitraryFor(prop, key, { ...ctx, depth: ctx.depth + 1 })
  const record = fc.record(model, { requiredKeys: Object.keys(props).filter((k) => required.has(k)) }) as fc.Arbitrary<Record<string, unknown>>
  if (s.additionalProperties && typeof s.additionalProperties === 'object' && Object.keys(props).length === 0) {
    const value = arbitraryFor(s.additionalProperties, 'value', { ...ctx, depth: ctx.depth + 1 })
    return fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), value, { maxKeys: 3 })
  }
  return record
}

/** Sets a key even when it is `__proto__`: JSON.stringify then writes it like any other. */
export function setKey(obj: Record<string, unknown>, key: string, value: unknown): Record<string, unknown> {
  Object.defineProperty(obj, key, { value, enumerable: true, configurable: true, writable: true })
  return obj
}

/** An object broken on purpose: a field it does not know, or one it needs left out. */
function brokenObject(good: fc.Arbitrary<unknown>, s: Js): fc.Arbitrary<unknown> {
  const required = s.required ?? []
  const options: fc.Arbitrary<unknown>[] = [
    fc.tuple(good, unknownKeyArb, fc.oneof(fc.jsonValue({ maxDepth: 1 }), hostileStringArb)).map(([value, key, extra]) =>
      value && typeof value === 'object' && !Array.isArray(value) ? setKey({ ...(value as Record<string, unknown>) }, key, extra) : value,
    ),
  ]
  if (required.length > 0) {
    options.push(
      fc.tuple(good, fc.constantFrom(...required)).map(([value, key]) => {
        if (!value || typeof value !== 'object' || Array.isArray(value)) return value
        return Object.fromEntries(Object.entries(value).filter(([k]) => k !== key))
      }),
    )
  }
  return fc.oneof(...options)
}

const brokenBody: fc.Arbitrary<SymBody> = fc.oneof(
  fc.constantFrom<unknown>(null, [], [{}], 'text', 0, true, { '': '' }).map((value): SymBody => ({ kind: 'json', value })),
  fc
    .constantFrom('{', '{"a":', '[1,2', '{"name":"x",}', "{'a':1}", 'nul', '\u0000', '{"a":"\\u0000"}', '{"a":"\\ud800"}', '{"__proto__":{"isAdmin":true}}', '{"constructor":{"prototype":{"x":1}}}')
    .map((text): SymBody => ({ kind: 'raw', contentType: 'application/json', text })),
  fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/jsonx').map(
    (contentType): SymBody => ({ kind: 'raw', contentType, text: 'name=x&amount=1' }),
  ),
  fc.constant<SymBody>({ kind: 'none' }),
  hugeArb.map((huge): SymBody => ({ kind: 'json', value: { name: huge } })),
  fc.integer({ min: 200, max: 5000 }).map((depth): SymBody => ({ kind: 'raw', contentType: 'application/json', text: `${'['.repeat(depth)}${']'.repeat(depth)}` })),
)

/** A statement file for a multipart upload: mostly CSV rows, sometimes OFX, QIF or bytes. */
const statementFile: fc.Arbitrary<{ name: string; content: unknown }> = fc.oneof(
  fc
    .array(
      fc.tuple(fc.oneof({ arbitrary: nearDate, weight: 8 }, { arbitrary: fc.constantFrom(...FAR_DATES), weight: 2 }), fc.oneof(words, hostileStringArb), fc.oneof(fittingNumber({}, 'amount', false), hostileNumberArb)),
      { minLength: 0, maxLength: 8 },
    )
    .map((rows) => ({
      name: 'statement.csv',
      content: `Date,Payee,Amount\n${rows.map(([d, p, a]) => `${d},"${String(p).replace(/"/g, '""')}",${String(a)}`).join('\n')}\n`,
    })),
  fc
    .tuple(nearDate, fittingNumber({}, 'amount', false), fc.oneof(fc.string({ maxLength: 20 }), hugeArb))
    .map(([date, amount, fitid]) => ({
      name: 'statement.ofx',
      content: `OFXHEADER:100\nDATA:OFXSGML\n\n<OFX><BANKMSGSRSV1><STMTTRNRS><STMTRS><CURDEF>USD<BANKTRANLIST><STMTTRN><TRNTYPE>DEBIT<DTPOSTED>${date.replace(/-/g, '')}<TRNAMT>${amount}<FITID>${String(fitid)}<NAME>Shop</STMTTRN></BANKTRANLIST></STMTRS></STMTTRNRS></BANKMSGSRSV1></OFX>\n`,
    })),
  fc.tuple(nearDate, fittingNumber({}, 'amount', false)).map(([date, amount]) => ({ name: 'statement.qif', content: `!Type:Bank\nD${date}\nT${amount}\nPShop\n^\n` })),
  fc.uint8Array({ maxLength: 200 }).map((bytes) => ({ name: 'noise.bin', content: Buffer.from(bytes).toString('latin1') })),
)

const CANDIDATES = 6

/** A generated value with its references filled by well-formed stand-ins, for the contract to judge. */
export function placeholder(v: unknown): unknown {
  if (v instanceof Ref) {
    if (v.pool === 'email') return `${v.fallback}@example.com`
    if (v.pool === 'id') return v.fallback
    return `${v.fallback}-stand-in`
  }
  if (v instanceof Huge) return v.toString()
  if (Array.isArray(v)) return v.map(placeholder)
  if (v && typeof v === 'object') {
    const out: Record<string, unknown> = {}
    for (const key of Object.keys(v)) setKey(out, key, placeholder((v as Record<string, unknown>)[key]))
    return out
  }
  return v
}

export type EndpointPlan = {
  endpoint: EndpointDef
  key: string
  arbitrary: fc.Arbitrary<SymRequest>
}

/**
 * The arbitrary of requests to one endpoint. `multipartFields`: the schema of a multipart
 * endpoint's text fields, `multipartFile` of the JSON its file holds (the contract describes
 * those in words only).
 */
export function planFor(endpoint: EndpointDef, multipartFields?: z.ZodType, multipartFile?: { name: string; schema: z.ZodType }): EndpointPlan {
  const key = endpointKey(endpoint)
  const part = (schema: z.ZodType | undefined, hostility: number, broken: boolean): fc.Arbitrary<unknown> => {
    if (!schema) return fc.constant(undefined)
    const root = toJs(schema)
    const ctx: Ctx = { path: endpoint.path, hostility, root, depth: 0 }
    const good = arbitraryFor(root, 'root', ctx)
    // fitting values: of a few candidates, the first the contract itself accepts (JSON Schema
    // cannot say that a date is a date or that a rule's operator suits its field)
    if (hostility === 0) return fc.array(good, { minLength: CANDIDATES, maxLength: CANDIDATES }).map((c) => c.find((v) => schema.safeParse(placeholder(v)).success) ?? c[0])
    if (!broken || root.type !== 'object') return good
    return fc.oneof({ arbitrary: good, weight: 1 }, { arbitrary: brokenObject(good, root), weight: 2 })
  }
  const multipart = /multipart/i.test(endpoint.summary) && !endpoint.body
  const variant = (hostility: number, broken: boolean): fc.Arbitrary<Omit<SymRequest, 'actor' | 'ip'>> => {
    const bodyArb: fc.Arbitrary<SymBody> = multipart
      ? fc
          .record({
            fields: multipartFields ? part(multipartFields, hostility, broken) : fc.dictionary(fc.string({ maxLength: 8 }), fc.string({ maxLength: 20 }), { maxKeys: 2 }),
            file: fc.option(
              multipartFile
                ? fc.oneof(
                    { arbitrary: part(multipartFile.schema, hostility, broken).map((content) => ({ name: multipartFile.name, content })), weight: 4 },
                    { arbitrary: statementFile, weight: 1 },
                  )
                : statementFile,
              { freq: 8 },
            ),
          })
          .map(({ fields, file }): SymBody => ({ kind: 'multipart', fields: (fields ?? {}) as Record<string, unknown>, file }))
      : endpoint.body
        ? broken
          ? fc.oneof({ arbitrary: part(endpoint.body, hostility, true).map((value): SymBody => ({ kind: 'json', value })), weight: 4 }, { arbitrary: brokenBody, weight: 1 })
          : part(endpoint.body, hostility, false).map((value): SymBody => ({ kind: 'json', value }))
        : endpoint.method === 'GET' || endpoint.method === 'DELETE'
          ? fc.constant<SymBody>({ kind: 'none' })
          : fc.oneof({ arbitrary: fc.constant<SymBody>({ kind: 'none' }), weight: 4 }, { arbitrary: broken ? brokenBody : fc.constant<SymBody>({ kind: 'json', value: {} }), weight: 1 })
    return fc.record({
      endpoint: fc.constant(key),
      params: part(endpoint.params, hostility, false).map((p) => (p ?? {}) as Record<string, unknown>),
      query: part(endpoint.query, hostility, broken).map((q) => (q === undefined ? null : (q as Record<string, unknown>))),
      body: bodyArb,
    })
  }
  const shaped = fc.oneof(
    // fitting values throughout: the services' own logic is reached
    { arbitrary: variant(0, false), weight: 5 },
    // a hostile value here and there
    { arbitrary: variant(0.15, false), weight: 4 },
    // broken shapes
    { arbitrary: variant(0.1, true), weight: 2 },
  )
  const actor: fc.Arbitrary<Actor> =
    endpoint.auth === false
      ? fc.constantFrom<Actor>('anon', 'anon', 'A', 'B')
      : fc.oneof({ arbitrary: fc.constant<Actor>('A'), weight: 62 }, { arbitrary: fc.constant<Actor>('B'), weight: 34 }, { arbitrary: fc.constant<Actor>('anon'), weight: 4 })
  const arbitrary = fc
    .record({ shaped, actor, ip: fc.integer({ min: 0, max: 7 }) })
    .map(({ shaped: s, actor: a, ip }) => ({ ...s, actor: a, ip }))
  return { endpoint, key, arbitrary }
}

export { Huge, Ref, type Pool }
