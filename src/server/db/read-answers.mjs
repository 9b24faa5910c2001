// The embedded database's answers to reads, kept while nothing can have changed them (ADR 0042).
// PGlite is one session: while one connection's transaction is open (a million-row
// import holds one for a minute), every other connection waits for it to end. But nothing else
// can commit meanwhile, so a read answered since the last commit would be answered the same now:
// the dashboard a user has open keeps answering during an import. Kept only are answers that can
// be told exactly: one SELECT with no volatile function, no lock and no SELECT INTO, run outside
// any transaction, answered without an error; they are keyed by the exact bytes of the request
// (the statement and every parameter). Every other statement that ends outside a transaction (a
// write, a COMMIT, a ROLLBACK, anything not known to be a read) forgets them all, but for those
// that change no data: ANALYZE, CHECKPOINT, and an INSERT, UPDATE or DELETE that wrote no row. Plain
// JavaScript: pglite-worker.mjs imports it, and it runs unchanged under tsx, Vitest and the build.

const PARSE = 0x50 // P
const BIND = 0x42 // B
const DESCRIBE = 0x44 // D
const EXECUTE = 0x45 // E
const SYNC = 0x53 // S
const QUERY = 0x51 // Q
const ERROR_RESPONSE = 0x45 // E (from the server)
const READY_FOR_QUERY = 0x5a // Z
const IDLE = 0x49 // I

/** A statement that only reads, and reads the same whenever the data is the same. */
const SELECT = /^\s*select\b/i
/**
 * What makes a SELECT more than a read of the data: locks, SELECT INTO, the clock, randomness,
 * sequences, settings, and PostgreSQL's own functions (advisory locks among them). A word that
 * only looks like one of these (a column called `into`) costs a kept answer, never a wrong one.
 */
const NOT_ONLY_READ =
  /\bfor\s+(update|share|no\s+key|key\s+share)\b|\binto\b|\b(now|nextval|setval|currval|lastval|current_timestamp|current_date|current_time|localtime|localtimestamp|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|gen_random_uuid|current_setting|set_config|txid_\w+|pg_\w+|lo_\w+|dblink\w*)\b|;\s*\S/i

/** statements that change no data a kept read reads: planner statistics, a checkpoint */
const NO_DATA_CHANGE = /^\s*(analyze|checkpoint|vacuum)\b/i
/** a write of rows; when it wrote none (the schema has no triggers and no sequences) it changed nothing */
const ROW_WRITE = /^\s*(insert|update|delete)\b/i
const NOTHING_WRITTEN = /^(INSERT 0 0|UPDATE 0|DELETE 0)$/
const COMMAND_COMPLETE = 0x43 // C (from the server)

/** the largest answer kept, and all of them together */
export const MAX_ANSWER_BYTES = 256 * 1024
export const MAX_ANSWERS_BYTES = 8 * 1024 * 1024

/**
 * The messages of a batch of frontend messages (type byte, then a length that counts itself).
 * @param {Uint8Array} bytes
 * @returns {{ type: number, start: number, end: number }[] | null} null when a message is cut off
 */
function messages(bytes) {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  const list = []
  let at = 0
  while (at < bytes.length) {
    if (bytes.length - at < 5) return null
    const end = at + 1 + view.getInt32(at + 1)
    if (end > bytes.length || end < at + 5) return null
    list.push({ type: bytes[at] ?? 0, start: at + 5, end })
    at = end
  }
  return list
}

const decoder = new TextDecoder()

/** A C string at `at`: its text and where the next field starts. @param {Uint8Array} bytes @param {number} at */
function cString(bytes, at) {
  const nul = bytes.indexOf(0, at)
  const end = nul === -1 ? bytes.length : nul
  return { text: decoder.decode(bytes.subarray(at, end)), next: end + 1 }
}

/** @param {string} sql */
export function onlyReads(sql) {
  return SELECT.test(sql) && !NOT_ONLY_READ.test(sql)
}

/**
 * @typedef {{ read: boolean, key: string | null, write?: 'none' | 'rows' }} Batch
 * `read`: the batch is one statement that only reads; `key`: its answer may be kept and given
 * again (it prepares no named statement, which a kept answer would leave unprepared); `write`:
 * 'none' for what changes no data (ANALYZE, CHECKPOINT, SESSION_ONLY), 'rows' for an INSERT,
 * UPDATE or DELETE, which changed nothing when its answer says it wrote no row
 */

/**
 * A request that only sets up the session (a connection's startup message, DEALLOCATE ALL at a
 * new client): it changes no data, so the answers are kept.
 * @type {Batch}
 */
export const SESSION_ONLY = Object.freeze({
  read: false,
  key: null,
  write: /** @type {const} */ ('none'),
})

export class ReadAnswers {
  /** the SQL of each named statement prepared so far (a Bind names it without its text) */
  /** @type {Map<string, string>} */
  statements = new Map()
  /** @type {Map<string, Uint8Array>} */
  answers = new Map()
  bytes = 0

  /**
   * What a batch of frontend messages is.
   * @param {Uint8Array} bytes
   * @returns {Batch}
   */
  classify(bytes) {
    const list = messages(bytes)
    if (!list || list.length === 0) return { read: false, key: null }
    /** @type {string | null} */
    let sql = null
    let namedParse = false
    let binds = 0
    let executes = 0
    for (const m of list) {
      if (m.type === PARSE) {
        const name = cString(bytes, m.start)
        const query = cString(bytes, name.next).text
        if (name.text !== '') {
          namedParse = true
          const known = this.statements.get(name.text)
          // a name that now means another statement: the kept answers to it no longer do
          if (known !== undefined && known !== query) this.forget()
          this.statements.set(name.text, query)
        }
        if (sql !== null) return { read: false, key: null }
        sql = query
      } else if (m.type === BIND) {
        binds++
        const portal = cString(bytes, m.start)
        const statement = cString(bytes, portal.next).text
        if (sql === null) sql = statement === '' ? null : (this.statements.get(statement) ?? null)
        if (sql === null) return { read: false, key: null }
      } else if (m.type === EXECUTE) {
        executes++
      } else if (m.type === QUERY) {
        if (list.length !== 1) return { read: false, key: null }
        sql = cString(bytes, m.start).text
        binds = 1
        executes = 1
      } else if (m.type !== DESCRIBE && m.type !== SYNC) {
        return { read: false, key: null }
      }
    }
    const last = list[list.length - 1]
    const whole = binds === 1 && executes === 1 && (last?.type === SYNC || last?.type === QUERY)
    if (whole && sql !== null && NO_DATA_CHANGE.test(sql))
      return { read: false, key: null, write: 'none' }
    if (whole && sql !== null && ROW_WRITE.test(sql))
      return { read: false, key: null, write: 'rows' }
    if (!whole || sql === null || !onlyReads(sql)) return { read: false, key: null }
    return {
      read: true,
      key: namedParse
        ? null
        : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('latin1'),
    }
  }

  /**
   * After the engine ran a batch: a read's answer is kept when it ran outside a transaction and
   * succeeded; anything else that ends outside a transaction forgets every answer.
   * @param {Batch} batch
   * @param {boolean} inTransactionBefore
   * @param {boolean} inTransactionAfter
   * @param {Uint8Array} reply
   */
  ran(batch, inTransactionBefore, inTransactionAfter, reply) {
    if (batch.write === 'none') return
    if (!batch.read) {
      if (inTransactionAfter) return
      // a job's claim of its period that found it not yet due, a touch that matched nothing
      if (batch.write === 'rows' && !inTransactionBefore && wroteNothing(reply)) return
      this.forget()
      return
    }
    if (batch.key === null || inTransactionBefore || inTransactionAfter) return
    if (reply.length > MAX_ANSWER_BYTES || !answeredIdle(reply)) return
    const was = this.answers.get(batch.key)
    if (was) this.bytes -= was.length
    this.answers.delete(batch.key)
    this.answers.set(batch.key, reply)
    this.bytes += reply.length
    for (const [key, answer] of this.answers) {
      if (this.bytes <= MAX_ANSWERS_BYTES) break
      this.answers.delete(key)
      this.bytes -= answer.length
    }
  }

  /**
   * The kept answer to a batch, or null. Only for a connection outside any transaction while
   * another holds the session: nothing has committed since the answer was kept.
   * @param {Batch} batch
   * @returns {Uint8Array | null}
   */
  answer(batch) {
    return batch.key === null ? null : (this.answers.get(batch.key) ?? null)
  }

  forget() {
    this.answers.clear()
    this.bytes = 0
  }
}

/**
 * Whether every statement a reply completes wrote no row (and it completes one at least).
 * @param {Uint8Array} reply
 */
function wroteNothing(reply) {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength)
  let at = 0
  let completed = 0
  while (at + 5 <= reply.length) {
    const type = reply[at]
    const end = at + 1 + view.getInt32(at + 1)
    if (type === ERROR_RESPONSE) return false
    if (type === COMMAND_COMPLETE) {
      if (!NOTHING_WRITTEN.test(cString(reply, at + 5).text)) return false
      completed++
    }
    at = end
  }
  return completed > 0
}

/**
 * Whether a reply has no error and ends ready for the next query outside a transaction.
 * @param {Uint8Array} reply
 */
function answeredIdle(reply) {
  const view = new DataView(reply.buffer, reply.byteOffset, reply.byteLength)
  let at = 0
  let ready = -1
  while (at + 5 <= reply.length) {
    const type = reply[at]
    if (type === ERROR_RESPONSE) return false
    if (type === READY_FOR_QUERY) ready = reply[at + 5] ?? -1
    at += 1 + view.getInt32(at + 1)
  }
  return at === reply.length && ready === IDLE
}
