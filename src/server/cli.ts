// The administrator's command line: `npm run cli -- <command>`. It opens the same database as
// the server (PostgreSQL with DATABASE_URL, else the embedded one in KINWISE_DATA_DIR, which
// must not be in use by a running server: stop it first).
import { existsSync } from 'node:fs'
import { mkdir, readFile, rename, rm } from 'node:fs/promises'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { PGlite } from '@electric-sql/pglite'
import { sql } from 'drizzle-orm'
import { isSubscriptionTier } from '../domain/tiers'
import { parseConfig, type Config } from './config'
import { openDatabase, type Database } from './db/connect'
import { acquireDataDirLock } from './db/lock'
import { users } from './db/schema'
import { seedHousehold, ensureDemoHousehold, DEMO_FAMILY } from './demo/demo'
import { backupDataDir } from './jobs/scheduler'
import { decryptFile, isEncryptedBackup } from './jobs/backup-crypto'
import { createUser } from './modules/auth/service'
import { loadSessionUser } from './core/sessions'
import { resetLinkFor } from './modules/auth/password-reset'
import { adminResetMfa } from './modules/mfa/service'
import { SET_TIER_WITH_STRIPE_WARNING, setPlanByEmail } from './modules/subscription/plan'
import { importFile, statementFile } from './modules/imports/service'
import { importSummary } from './modules/imports/summary'
import { importFields } from '../contract/imports'
import { exportToFile, importFromFile } from './modules/data-rights/cli'

const HELP = `Kinwise administration

  npm run cli -- create-user --email E --password P [--first-name F] [--last-name L] [--tier T]
  npm run cli -- set-tier --email E --tier free|basic|premium
  npm run cli -- seed --transactions N --email E --password P   (also: npm run seed -- …)
  npm run cli -- seed-demo
  npm run cli -- reset-link <email>          (a password reset link, valid 30 minutes, once)
  npm run cli -- mfa-reset <email>           (turns two-step verification off: phone and codes lost)
  npm run cli -- backup                      (embedded database: writes data/backups/…tar.gz, or
                                              …tar.gz.enc encrypted when KINWISE_SECRET_KEY is set)
  npm run cli -- restore --file F            (embedded database: replaces the data directory)
  npm run cli -- decrypt-backup F.tar.gz.enc OUT.tar.gz  (with KINWISE_SECRET_KEY)
  npm run cli -- import --email E --file F [--account-id ID] [--format csv|ofx|qfx|qif|camt]
                 [--mapping JSON] [--qif-date-order mdy|dmy] [--preview]
                                             (a bank statement, as the Import page does it)
  npm run cli -- export --email E --out F.zip  (everything E may see: the Settings → Your data ZIP)
  npm run cli -- import-export --email E F.zip (an export into E's empty household: moving servers)

Environment: DATABASE_URL or KINWISE_DATA_DIR, as for the server.`

type Options = Record<string, string | boolean | undefined>

function need(options: Options, name: string): string {
  const value = options[name]
  if (typeof value !== 'string' || value === '') throw new Error(`--${name} is required`)
  return value
}

async function open(config: Config): Promise<Database> {
  return openDatabase(
    config.database.kind === 'postgres'
      ? { kind: 'postgres', url: config.database.url, poolSize: 2, pooler: config.database.pooler }
      : { kind: 'pglite', dataDir: config.database.dataDir },
  )
}

async function withDatabase<T>(config: Config, work: (database: Database) => Promise<T>): Promise<T> {
  const database = await open(config)
  try {
    return await work(database)
  } finally {
    await database.close()
  }
}

async function restore(config: Config, file: string): Promise<void> {
  if (config.database.kind !== 'pglite') {
    throw new Error('restore is for the embedded database; use pg_restore or psql for PostgreSQL')
  }
  const dataDir = path.resolve(config.database.dataDir)
  const lock = await acquireDataDirLock(dataDir)
  try {
    const pgdata = path.join(dataDir, 'pgdata')
    const incoming = `${pgdata}.restore-${process.pid}`
    await rm(incoming, { recursive: true, force: true })
    await mkdir(path.dirname(incoming), { recursive: true })
    // an encrypted backup (…tar.gz.enc) is decrypted with KINWISE_SECRET_KEY first
    let bytes: Buffer<ArrayBuffer>
    if (await isEncryptedBackup(file)) {
      if (!config.secretKey) throw new Error(`${file} is encrypted: set KINWISE_SECRET_KEY to the key it was written with`)
      const clear = `${incoming}.tar.gz`
      await decryptFile(file, clear, config.secretKey)
      bytes = await readFile(clear)
      await rm(clear, { force: true })
    } else {
      bytes = await readFile(file)
    }
    const db = await PGlite.create({ dataDir: incoming, loadDataDir: new Blob([bytes]) })
    await db.query('select 1')
    await db.close()
    if (existsSync(pgdata)) await rename(pgdata, `${pgdata}.before-restore-${Date.now()}`)
    await rename(incoming, pgdata)
    process.stdout.write(`Restored ${file} into ${pgdata}. The previous data was kept beside it.\n`)
  } finally {
    await lock.release()
  }
}

export async function runCli(argv: string[]): Promise<void> {
  const [command, ...rest] = argv
  const { values, positionals } = parseArgs({
    args: rest,
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      'first-name': { type: 'string' },
      'last-name': { type: 'string' },
      tier: { type: 'string' },
      transactions: { type: 'string' },
      file: { type: 'string' },
      'account-id': { type: 'string' },
      format: { type: 'string' },
      mapping: { type: 'string' },
      'qif-date-order': { type: 'string' },
      preview: { type: 'boolean' },
      out: { type: 'string' },
    },
    allowPositionals: true,
  })
  const config = parseConfig(process.env)
  const now = new Date()
  switch (command) {
    case 'create-user': {
      const tier = values.tier
      if (tier !== undefined && !isSubscriptionTier(tier)) throw new Error('--tier must be free, basic or premium')
      await withDatabase(config, async ({ db }) => {
        const user = await createUser(db, {
          email: need(values, 'email').toLowerCase(),
          password: need(values, 'password'),
          firstName: values['first-name'] ?? 'New',
          lastName: values['last-name'] ?? 'User',
        })
        process.stdout.write(`Created ${user.email}\n`)
        // one start of the database for both (the end-to-end server makes eight such users)
        if (tier !== undefined) {
          await setPlanByEmail(db, user.email, tier, now)
          process.stdout.write(`${user.email}'s household is on the ${tier} plan\n`)
          if (config.stripe) process.stderr.write(`${SET_TIER_WITH_STRIPE_WARNING}\n`)
        }
      })
      return
    }
    case 'set-tier': {
      const tier = need(values, 'tier')
      if (!isSubscriptionTier(tier)) throw new Error('--tier must be free, basic or premium')
      await withDatabase(config, async ({ db }) => {
        const email = need(values, 'email')
        // the plan belongs to the household: every member of theirs gets it
        if (!(await setPlanByEmail(db, email, tier, now))) throw new Error(`No user with the e-mail ${email}`)
        process.stdout.write(`${email}'s household is now on the ${tier} plan\n`)
        if (config.stripe) process.stderr.write(`${SET_TIER_WITH_STRIPE_WARNING}\n`)
      })
      return
    }
    case 'seed': {
      const count = Number(need(values, 'transactions'))
      if (!Number.isInteger(count) || count < 0) throw new Error('--transactions must be a whole number')
      await withDatabase(config, async ({ db }) => {
        const started = performance.now()
        const result = await seedHousehold(db, now, {
          email: need(values, 'email'),
          password: need(values, 'password'),
          transactions: count,
          log: (line) => process.stdout.write(`${line}\n`),
        })
        const seconds = (performance.now() - started) / 1000
        process.stdout.write(
          `Seeded ${result.transactions.toLocaleString('en-US')} transactions for ${values.email} in ${seconds.toFixed(1)} s\n`,
        )
      })
      return
    }
    case 'reset-link': {
      const email = positionals[0] ?? need(values, 'email')
      await withDatabase(config, async ({ db }) => {
        const link = await resetLinkFor(db, config, email, now)
        if (!link) throw new Error(`No user with the e-mail ${email}`)
        process.stdout.write(`${link}\n`)
        process.stderr.write('Give it to its owner: it works once, for 30 minutes, and signs out all their sessions when used.\n')
      })
      return
    }
    case 'mfa-reset': {
      const email = positionals[0] ?? need(values, 'email')
      await withDatabase(config, async ({ db }) => {
        if (!(await adminResetMfa(db, email, now))) throw new Error(`No user with the e-mail ${email}`)
        process.stdout.write(`Two-step verification is off for ${email}; their sessions are signed out\n`)
      })
      return
    }
    case 'seed-demo': {
      await withDatabase(config, async ({ db }) => {
        const demo = await ensureDemoHousehold(db, now)
        process.stdout.write(`${demo.created ? 'Created' : 'Already there:'} ${demo.email} / ${demo.password}\n`)
        process.stdout.write(`The rest of the family (same password): ${DEMO_FAMILY.map((p) => `${p.email} (${p.role})`).join(', ')}\n`)
      })
      return
    }
    case 'backup': {
      if (config.database.kind !== 'pglite') {
        throw new Error('backup is for the embedded database; use pg_dump for PostgreSQL')
      }
      const dataDir = config.database.dataDir
      await withDatabase(config, async (database) => {
        const file = await backupDataDir(database, dataDir, now, config.backup.keep, config.secretKey)
        process.stdout.write(`Backup written to ${file}${config.secretKey ? ' (encrypted with KINWISE_SECRET_KEY)' : ''}\n`)
      })
      return
    }
    case 'restore':
      await restore(config, need(values, 'file'))
      return
    case 'decrypt-backup': {
      const [file, out] = positionals
      if (!file || !out) throw new Error('Usage: decrypt-backup <file.tar.gz.enc> <out.tar.gz>')
      if (!config.secretKey) throw new Error('Set KINWISE_SECRET_KEY to the key the backup was written with')
      await decryptFile(file, out, config.secretKey)
      process.stdout.write(`Decrypted ${file} into ${out}\n`)
      return
    }
    case 'import': {
      const file = need(values, 'file')
      const email = need(values, 'email')
      const fields = importFields.safeParse({
        ...(values['account-id'] ? { accountId: values['account-id'] } : {}),
        ...(values.format ? { format: values.format } : {}),
        ...(values.mapping ? { mapping: values.mapping } : {}),
        ...(values['qif-date-order'] ? { qifDateOrder: values['qif-date-order'] } : {}),
      })
      if (!fields.success) {
        const issue = fields.error.issues[0]
        throw new Error(`--${String(issue?.path[0] ?? 'options')}: ${issue?.message ?? 'invalid value'}`)
      }
      const statement = await statementFile(file)
      await withDatabase(config, async ({ db }) => {
        const [found] = await db.select({ id: users.id }).from(users).where(sql`lower(${users.email}) = ${email.toLowerCase()}`)
        if (!found) throw new Error(`No user with the e-mail ${email}`)
        const user = await loadSessionUser(db, found.id)
        const { accountId, format, mapping, qifDateOrder } = fields.data
        const started = performance.now()
        const say = (line: string) => process.stdout.write(`${line}\n`)
        let writing = false
        const result = await importFile(
          db,
          user,
          {
            fileName: path.basename(file),
            preview: values.preview === true,
            ...(accountId ? { accountId } : {}),
            ...(format ? { format } : {}),
            ...(mapping ? { mapping } : {}),
            ...(qifDateOrder ? { qifDateOrder } : {}),
          },
          statement,
          now,
          (stage, rows) => {
            if (stage === 'parsed') say(`Read ${rows.toLocaleString('en-US')} transactions from ${path.basename(file)}`)
            if (stage === 'writing' && !writing && values.preview !== true) say(`Writing transactions (${rows.toLocaleString('en-US')} planned so far)…`)
            if (stage === 'writing') writing = true
          },
        )
        for (const line of importSummary(result, (performance.now() - started) / 1000)) say(line)
      })
      return
    }
    case 'export': {
      const out = need(values, 'out')
      await withDatabase(config, async ({ db }) => {
        const bytes = await exportToFile(db, need(values, 'email'), out, now, config.attachments.dir)
        process.stdout.write(`Export written to ${out} (${(bytes / 1024).toFixed(0)} KB)\n`)
      })
      return
    }
    case 'import-export': {
      const file = values.file ?? positionals[0]
      if (!file) throw new Error('Name the export file: npm run cli -- import-export --email E file.zip')
      await withDatabase(config, async ({ db }) => {
        const s = await importFromFile(db, need(values, 'email'), file, now, config.secretKey, config.attachments.dir)
        process.stdout.write(
          `Imported ${String(s.accounts)} accounts, ${s.transactions.toLocaleString('en-US')} transactions, ${String(s.categories)} categories, ` +
            `${String(s.budgets)} budgets, ${String(s.goals)} goals, ${String(s.bills)} bills and ${String(s.rules)} rules\n`,
        )
      })
      return
    }
    default:
      process.stdout.write(`${HELP}\n`)
      if (command && command !== 'help') throw new Error(`Unknown command ${command}`)
  }
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]).replace(/\.[jt]s$/, '') === path.resolve(import.meta.filename).replace(/\.[jt]s$/, '')
if (invokedDirectly) {
  runCli(process.argv.slice(2)).catch((error: unknown) => {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}

