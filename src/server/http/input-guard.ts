// Checks every request against its contract before the contract's own validation: a field the
// contract does not name is refused (zod objects drop unknown keys, so `{"balance":500}` for
// `openingBalance` or `category` for `categoryId` would silently lose what the client meant),
// and so is a control character in any text (NUL breaks PostgreSQL text; the others have no
// place in a household's data). Both answer 400 VALIDATION_ERROR naming the field.
// The allowed keys come from each schema's JSON Schema (input side), worked out once at start.
import { z } from 'zod'
import { AppError } from './errors'

type JsonSchema = {
  type?: string | string[]
  properties?: Record<string, JsonSchema>
  additionalProperties?: boolean | JsonSchema
  patternProperties?: Record<string, JsonSchema>
  propertyNames?: JsonSchema
  items?: JsonSchema | JsonSchema[] | boolean
  prefixItems?: JsonSchema[]
  anyOf?: JsonSchema[]
  oneOf?: JsonSchema[]
  allOf?: JsonSchema[]
  $ref?: string
  $defs?: Record<string, JsonSchema>
}

type Issue = { path: string; message: string }

/** Whether a text has a C0 control character other than tab, line feed and carriage return, or DEL. */
export function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if ((c < 32 && c !== 9 && c !== 10 && c !== 13) || c === 127) return true
  }
  return false
}

const printable = (key: string): string => Array.from(key, (ch) => (hasControlCharacter(ch) ? '?' : ch)).join('')

const MAX_ISSUES = 20

/** Every text in value (keys included) with a control character. */
function controlIssues(value: unknown, path: string, out: Issue[], depth = 0): void {
  if (out.length >= MAX_ISSUES || depth > 64) return
  if (typeof value === 'string') {
    if (hasControlCharacter(value)) out.push({ path, message: 'Must not contain control characters' })
    return
  }
  if (Array.isArray(value)) {
    value.forEach((item, i) => controlIssues(item, `${path}.${i}`, out, depth + 1))
    return
  }
  if (isPlainObject(value)) {
    for (const [key, item] of Object.entries(value)) {
      if (hasControlCharacter(key)) out.push({ path: `${path}.${printable(key)}`, message: 'Must not contain control characters' })
      else controlIssues(item, `${path}.${key}`, out, depth + 1)
    }
  }
}

/** A JSON object, or the query string's (whose prototype is its parser's own empty object). */
function isPlainObject(value: unknown): value is Record<string, unknown> {
  return Object.prototype.toString.call(value) === '[object Object]' && !Buffer.isBuffer(value)
}

/** The JSON Schema of a contract schema's input side; anything zod cannot express is "any". */
export function inputJsonSchema(schema: z.ZodType): JsonSchema {
  return z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema
}

function resolve(node: JsonSchema, root: JsonSchema): JsonSchema {
  let current = node
  for (let hops = 0; current.$ref && hops < 32; hops++) {
    const ref = current.$ref
    if (ref === '#') current = root
    else {
      const name = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(ref)?.[1]
      const target = name ? root.$defs?.[decodeURIComponent(name)] : undefined
      if (!target) return {}
      current = target
    }
  }
  return current
}

/**
 * The keys in value that the schema has no place for, as dotted paths. A union (anyOf/oneOf)
 * is satisfied by its best branch; an intersection (allOf) allows a key any part names.
 */
function unknownKeys(nodeIn: JsonSchema, value: unknown, path: string, root: JsonSchema, depth = 0): string[] {
  if (depth > 64) return []
  const node = resolve(nodeIn, root)
  const branches = node.anyOf ?? node.oneOf
  if (branches?.length) {
    let best: string[] | null = null
    for (const branch of branches) {
      const found = unknownKeys(branch, value, path, root, depth + 1)
      if (best === null || found.length < best.length) best = found
      if (found.length === 0) break
    }
    return best ?? []
  }
  if (node.allOf?.length) {
    // a key is unknown only when no part of the intersection knows it
    const sets = node.allOf.map((part) => new Set(unknownKeys(part, value, path, root, depth + 1)))
    const [first, ...rest] = sets
    return first ? [...first].filter((p) => rest.every((s) => s.has(p))) : []
  }
  if (Array.isArray(value)) {
    const prefix = node.prefixItems ?? (Array.isArray(node.items) ? node.items : [])
    const rest = Array.isArray(node.items) ? undefined : node.items
    return value.flatMap((item, i) => {
      const itemSchema = prefix[i] ?? (typeof rest === 'object' ? rest : undefined)
      return itemSchema ? unknownKeys(itemSchema, item, `${path}.${i}`, root, depth + 1) : []
    })
  }
  if (!isPlainObject(value)) return []
  const properties = node.properties
  const extra = node.additionalProperties
  const open = extra === true || typeof extra === 'object' || node.patternProperties !== undefined || node.propertyNames !== undefined
  // no properties and no rule for others: a schema that says nothing of its keys (z.any, z.custom)
  if (!properties && extra === undefined) return []
  const out: string[] = []
  for (const [key, item] of Object.entries(value)) {
    const known = properties?.[key]
    if (known) out.push(...unknownKeys(known, item, `${path}.${key}`, root, depth + 1))
    else if (typeof extra === 'object') out.push(...unknownKeys(extra, item, `${path}.${key}`, root, depth + 1))
    else if (!open) out.push(`${path}.${key}`)
  }
  return out
}

export type Part = 'body' | 'querystring' | 'params'
// named as the contract's own validation errors name them (error-handler.ts)
const PART_NAME: Record<Part, string> = { body: 'body', querystring: 'querystring', params: 'params' }

export type InputSchemas = Partial<Record<Part, z.ZodType>>

/**
 * The check for one endpoint: built once from its schemas, run on each request's parsed input.
 * Without a schema for a part, that part may carry no fields at all.
 */
export function inputGuard(
  schemas: InputSchemas,
  options: { ownBody?: boolean } = {},
): (req: { body?: unknown; query?: unknown; params?: unknown }) => void {
  const compiled = (['params', 'querystring', 'body'] as const).map((part) => {
    const schema = schemas[part]
    return { part, name: PART_NAME[part], json: schema ? inputJsonSchema(schema) : null }
  })
  return (req) => {
    const issues: Issue[] = []
    for (const { part, name, json } of compiled) {
      // a handler that reads its own body (multipart) answers a JSON one itself
      if (part === 'body' && options.ownBody && !schemas.body) continue
      const value = part === 'body' ? req.body : part === 'querystring' ? req.query : req.params
      if (value === undefined || value === null) continue
      controlIssues(value, name, issues)
      if (!isPlainObject(value) && !Array.isArray(value)) continue
      // params come from the path the router matched: only their text is checked
      if (part === 'params' && !json) continue
      const unknown = json ? unknownKeys(json, value, name, json) : Object.keys(value).map((key) => `${name}.${key}`)
      for (const path of unknown.slice(0, MAX_ISSUES)) issues.push({ path, message: 'Is not a known field' })
    }
    const first = issues[0]
    if (first) {
      throw new AppError(400, 'VALIDATION_ERROR', `Invalid ${first.path}: ${first.message}`, { issues: issues.slice(0, MAX_ISSUES) })
    }
  }
}
