// A small, tolerant, linear-time tokenizer and tree builder for the markup in statements: OFX
// 1.x SGML (leaf tags left open), OFX 2.x and CAMT XML, and the broken mixtures in between.
// It never expands entities beyond the five XML ones and numeric references, refuses DTDs,
// and builds the tree with an explicit stack (no recursion) under a depth limit.

import { StatementError } from './types'

export type MarkupNode = {
  /** local name: SGML names upper-cased, XML names as written without a namespace prefix */
  name: string
  /** 1-based line of the opening tag */
  line: number
  /** text of a leaf element ('' for an empty one); null for an aggregate */
  value: string | null
  /** children of an aggregate; null for a leaf */
  children: MarkupNode[] | null
  attrs: Record<string, string> | null
}

export type MarkupOptions = {
  /** SGML (OFX 1.x): names are upper-cased, and these tags never contain other tags */
  leaves?: ReadonlySet<string>
  /** these tags always contain other tags, even when text follows them */
  aggregates?: ReadonlySet<string>
  upperCase?: boolean
  /**
   * aggregates that never contain themselves: opening one while one of the same name is open
   * closes that one first (SGML files that leave their statements open)
   */
  unnested?: ReadonlySet<string>
  /** start tokenizing here (after an OFX header) */
  start?: number
  /**
   * Called when an aggregate closes, with the open ancestors (innermost last). Returning true
   * drops the element from the tree, so a consumer can stream through 100k transactions
   * without keeping them all.
   */
  onClose?: (node: MarkupNode, ancestors: readonly MarkupNode[]) => boolean
  /** the line the fed text starts on (a stream fed from `start` on) */
  firstLine?: number
}

export type MarkupTree = {
  root: MarkupNode
  /** true when every opened aggregate was closed again (false suggests a truncated file) */
  closed: boolean
  /** close tags that matched nothing open */
  strayCloseTags: number
}

export const MAX_DEPTH = 200

const ENTITY = /&(#\d{1,7}|#[xX][0-9a-fA-F]{1,6}|amp|lt|gt|quot|apos|nbsp);/g

export function decodeEntities(text: string): string {
  if (text.indexOf('&') === -1) return text
  return text.replace(ENTITY, (whole, ref: string) => {
    switch (ref) {
      case 'amp':
        return '&'
      case 'lt':
        return '<'
      case 'gt':
        return '>'
      case 'quot':
        return '"'
      case 'apos':
        return "'"
      case 'nbsp':
        return '\u00a0'
    }
    const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
    if (!Number.isFinite(code) || code <= 0 || code > 0x10ffff || (code >= 0xd800 && code <= 0xdfff)) return whole
    return String.fromCodePoint(code)
  })
}

function isNameStart(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95
}

function isNameChar(c: number): boolean {
  return isNameStart(c) || (c >= 48 && c <= 57) || c === 46 || c === 45 || c === 58
}

function localName(raw: string, upper: boolean): string {
  const colon = raw.lastIndexOf(':')
  const name = colon === -1 ? raw : raw.slice(colon + 1)
  return upper ? name.toUpperCase() : name
}

const ATTRIBUTE = /([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"]*)"|'([^']*)')/g

function parseAttributes(inner: string): Record<string, string> | null {
  if (inner.indexOf('=') === -1) return null
  const attrs: Record<string, string> = {}
  for (const m of inner.matchAll(ATTRIBUTE)) {
    const name = m[1]
    if (name) attrs[localName(name, false)] = decodeEntities(m[2] ?? m[3] ?? '')
  }
  return attrs
}

const DECLARATION = /^<!\s*(DOCTYPE|ENTITY|ELEMENT|ATTLIST|NOTATION)/i

/** Builds the element tree of an OFX or XML document; throws StatementError on DTDs. */
export function parseMarkup(text: string, options: MarkupOptions = {}): MarkupTree {
  const start = options.start ?? 0
  let firstLine = 1
  for (let i = text.indexOf('\n'); i !== -1 && i < start; i = text.indexOf('\n', i + 1)) firstLine++
  const parser = markupParser({ ...options, firstLine })
  parser.feed(start > 0 ? text.slice(start) : text)
  return parser.end()
}

export type MarkupParser = {
  /** the next piece of the text; only whole tokens are read, the rest waits for the next piece */
  feed(text: string): void
  /** no more text: reads what is left and returns the tree */
  end(): MarkupTree
}

/**
 * The tokenizer as a stream: text arrives in pieces (a big statement is read from disk a piece at
 * a time), and every decision that looks ahead waits until the text it looks at has arrived, so
 * the tree and every callback come out exactly as from the whole text at once. `options.start`
 * is not used here (the caller feeds the text from where it starts).
 */
export function markupParser(options: MarkupOptions = {}): MarkupParser {
  const upper = options.upperCase ?? false
  const leaves = options.leaves
  const aggregates = options.aggregates
  const onClose = options.onClose
  const unnested = options.unnested
  const root: MarkupNode = { name: '#root', line: 1, value: null, children: [], attrs: null }
  const stack: MarkupNode[] = [root]
  let strayCloseTags = 0
  let text = ''
  // tag names repeat endlessly: look them up by a hash of their characters, without slicing
  const names = new Map<number, { raw: string; name: string }[]>()
  const nameOf = (start: number, end: number, hash: number): string => {
    const bucket = names.get(hash)
    if (bucket) {
      for (const entry of bucket) {
        if (entry.raw.length === end - start && text.startsWith(entry.raw, start)) return entry.name
      }
    }
    const raw = text.slice(start, end)
    const name = localName(raw, upper)
    if (bucket) bucket.push({ raw, name })
    else names.set(hash, [{ raw, name }])
    return name
  }
  const popTo = (depth: number): void => {
    while (stack.length > depth) {
      const node = stack.pop()
      if (!node) break
      if (onClose?.(node, stack)) {
        const siblings = stack[stack.length - 1]?.children
        if (siblings && siblings[siblings.length - 1] === node) siblings.pop()
      }
    }
  }

  // line numbers by counting each newline once: the next one ahead is remembered
  let line = options.firstLine ?? 1
  let nextNewline = -1
  const lineAt = (offset: number): number => {
    while (nextNewline !== -1 && nextNewline < offset) {
      line++
      nextNewline = text.indexOf('\n', nextNewline + 1)
    }
    return line
  }

  // An opened tag waits here until we know whether it is a leaf (text follows) or an aggregate.
  let pending: MarkupNode | null = null
  let pendingText = ''
  let pendingCdata = false

  const top = (): MarkupNode => stack[stack.length - 1] ?? root
  const resolvePending = (closingName: string | null): boolean => {
    if (!pending) return false
    const node = pending
    pending = null
    const isLeaf =
      closingName === node.name ||
      leaves?.has(node.name) === true ||
      (aggregates?.has(node.name) !== true && (pendingCdata || pendingText.trim() !== ''))
    if (isLeaf) {
      node.value = pendingText.trim()
    } else {
      node.children = []
      if (stack.length >= MAX_DEPTH) {
        throw new StatementError(`The file is nested more than ${String(MAX_DEPTH)} levels deep; it is not a statement.`, node.line)
      }
      stack.push(node)
    }
    pendingText = ''
    pendingCdata = false
    return isLeaf && closingName === node.name
  }

  const addText = (raw: string, cdata: boolean): void => {
    if (!pending) return
    pendingText += cdata ? raw : decodeEntities(raw)
    if (cdata) pendingCdata = true
  }

  /** Reads the tokens of `text`; unless `final`, stops before one that may go on past its end. */
  const run = (final: boolean): void => {
    const n = text.length
    let pos = 0
    // where to cut: everything before it is read; a token that reaches the end waits
    let waitAt = -1
    while (pos < n) {
      const lt = text.indexOf('<', pos)
      if (lt === -1) {
        if (!final) {
          waitAt = pos
          break
        }
        if (pending) addText(text.slice(pos), false)
        pos = n
        break
      }
      if (lt > pos && pending) addText(text.slice(pos, lt), false)
      // the longest look-ahead at a token's start is the 20 characters of a declaration test
      if (!final && n - lt < 24) {
        waitAt = lt
        break
      }
      const next = text.charCodeAt(lt + 1)

      if (next === 33 /* ! */) {
        if (text.startsWith('<!--', lt)) {
          const end = text.indexOf('-->', lt + 4)
          if (end === -1 && !final) {
            waitAt = lt
            break
          }
          pos = end === -1 ? n : end + 3
          continue
        }
        if (text.startsWith('<![CDATA[', lt)) {
          const end = text.indexOf(']]>', lt + 9)
          if (end === -1 && !final) {
            waitAt = lt
            break
          }
          addText(text.slice(lt + 9, end === -1 ? n : end), true)
          pos = end === -1 ? n : end + 3
          continue
        }
        if (DECLARATION.test(text.slice(lt, lt + 20))) {
          throw new StatementError(
            'The file declares a DTD or entities (<!DOCTYPE / <!ENTITY>), which statements never do; it was refused.',
            lineAt(lt),
          )
        }
        const end = text.indexOf('>', lt + 2)
        if (end === -1 && !final) {
          waitAt = lt
          break
        }
        pos = end === -1 ? n : end + 1
        continue
      }
      if (next === 63 /* ? */) {
        const end = text.indexOf('?>', lt + 2)
        if (end === -1 && !final) {
          waitAt = lt
          break
        }
        pos = end === -1 ? n : end + 2
        continue
      }

      const closing = next === 47 /* / */
      const nameStart = closing ? lt + 2 : lt + 1
      if (!isNameStart(text.charCodeAt(nameStart))) {
        // a '<' that starts no tag ("AT&T <3"): it is text
        addText('<', false)
        pos = lt + 1
        continue
      }
      let nameEnd = nameStart + 1
      let hash = text.charCodeAt(nameStart)
      for (;;) {
        const c = text.charCodeAt(nameEnd)
        if (nameEnd >= n || !isNameChar(c)) break
        hash = (hash * 31 + c) | 0
        nameEnd++
      }

      // find the '>' that ends the tag; in XML, skip quoted attribute values (after an '=')
      let end = nameEnd
      let broken = false
      let afterEquals = false
      while (end < n) {
        const c = text.charCodeAt(end)
        if (c === 62 /* > */) break
        if (c === 60 /* < */) {
          broken = true
          break
        }
        if (!upper && afterEquals && (c === 34 || c === 39)) {
          const close = text.indexOf(c === 34 ? '"' : "'", end + 1)
          end = close === -1 ? n : close + 1
          afterEquals = false
          continue
        }
        if (c === 61 /* = */) afterEquals = true
        else if (c !== 32 && c !== 9 && c !== 10) afterEquals = false
        end++
      }
      if (end >= n) {
        if (!final) {
          waitAt = lt
          break
        }
        // a tag cut off by the end of the file: the file is truncated
        resolvePending(null)
        pos = n
        break
      }
      const name = nameOf(nameStart, nameEnd, hash)
      const selfClosing = !closing && !broken && text.charCodeAt(end - 1) === 47
      pos = broken ? end : end + 1

      if (closing) {
        if (resolvePending(name)) continue
        let i = stack.length - 1
        while (i > 0 && (stack[i]?.name ?? '') !== name) i--
        if (i > 0) popTo(i)
        else strayCloseTags++
        continue
      }

      resolvePending(null)
      if (unnested?.has(name)) {
        let open = stack.length - 1
        while (open > 0 && (stack[open]?.name ?? '') !== name) open--
        if (open > 0) popTo(open)
      }
      const node: MarkupNode = {
        name,
        line: lineAt(lt),
        value: null,
        children: null,
        attrs: upper ? null : parseAttributes(text.slice(nameEnd, selfClosing ? end - 1 : end)),
      }
      top().children?.push(node)
      if (selfClosing) {
        node.value = ''
      } else {
        pending = node
      }
    }
    const cut = waitAt === -1 ? n : waitAt
    // keep the line count at the cut, then drop what was read
    lineAt(cut)
    if (nextNewline !== -1 && nextNewline < cut) nextNewline = -1
    const rest = text.slice(cut)
    if (nextNewline !== -1) nextNewline -= cut
    text = rest
    if (nextNewline === -1) nextNewline = text.indexOf('\n')
  }

  return {
    feed(piece: string): void {
      if (piece.length === 0) return
      const before = text.length
      text += piece
      if (nextNewline === -1) nextNewline = text.indexOf('\n', before)
      run(false)
    },
    end(): MarkupTree {
      run(true)
      resolvePending(null)
      const closed = stack.length === 1
      popTo(1)
      return { root, closed, strayCloseTags }
    },
  }
}

/** First direct child called `name`. */
export function child(node: MarkupNode | null | undefined, name: string): MarkupNode | null {
  if (!node?.children) return null
  for (const c of node.children) if (c.name === name) return c
  return null
}

/** Follows a path of direct children: path(ntry, 'BookgDt', 'Dt'). */
export function path(node: MarkupNode | null | undefined, ...names: string[]): MarkupNode | null {
  let current: MarkupNode | null = node ?? null
  for (const name of names) {
    current = child(current, name)
    if (!current) return null
  }
  return current
}

/** The text of a leaf reached by a path of direct children; null when missing or an aggregate. */
export function text(node: MarkupNode | null | undefined, ...names: string[]): string | null {
  const target = names.length === 0 ? (node ?? null) : path(node, ...names)
  return target?.value ?? null
}

export function children(node: MarkupNode | null | undefined, name: string): MarkupNode[] {
  if (!node?.children) return []
  return node.children.filter((c) => c.name === name)
}

/**
 * Every element called one of `names` under `node`, in document order, without entering
 * the elements found nor any element called one of `skip`. Iterative, so depth is no risk.
 */
export function findAll(node: MarkupNode, names: ReadonlySet<string>, skip?: ReadonlySet<string>): MarkupNode[] {
  const found: MarkupNode[] = []
  const todo: MarkupNode[] = []
  const kids = node.children ?? []
  for (let i = kids.length - 1; i >= 0; i--) {
    const k = kids[i]
    if (k) todo.push(k)
  }
  while (todo.length > 0) {
    const current = todo.pop()
    if (!current) break
    if (names.has(current.name)) {
      found.push(current)
      continue
    }
    if (skip?.has(current.name) || !current.children) continue
    for (let i = current.children.length - 1; i >= 0; i--) {
      const k = current.children[i]
      if (k) todo.push(k)
    }
  }
  return found
}

/** The first element called `name` under `node` (not entering `skip` elements). */
export function findFirst(node: MarkupNode, name: string, skip?: ReadonlySet<string>): MarkupNode | null {
  const todo: MarkupNode[] = []
  const kids = node.children ?? []
  for (let i = kids.length - 1; i >= 0; i--) {
    const k = kids[i]
    if (k) todo.push(k)
  }
  while (todo.length > 0) {
    const current = todo.pop()
    if (!current) break
    if (current.name === name) return current
    if (skip?.has(current.name) || !current.children) continue
    for (let i = current.children.length - 1; i >= 0; i--) {
      const k = current.children[i]
      if (k) todo.push(k)
    }
  }
  return null
}
