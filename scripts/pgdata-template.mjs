// Makes the empty embedded database that a first start copies instead of running initdb in the
// server (ADR 0039): `node scripts/pgdata-template.mjs <folder>` runs PGlite's own initdb into
// <folder> and closes it cleanly. Nothing of Kinwise is in it (no migration, no lock file): the
// server applies the migrations at start-up exactly as it does on any data directory.
//
// The build runs this in its own process, because initdb peaks at ~850 MB (three WebAssembly
// instances and a copy of one's memory, ADR 0039) and that memory must not stay in the build
// or, before this, in the server. The folder is written beside and renamed into place, so an
// interrupted run leaves no half-made template.
import { existsSync } from 'node:fs'
import { readFile, rename, rm, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import { PGlite } from '@electric-sql/pglite'

/** The installed PGlite's version: a template is made by, and only used with, that version. */
export async function pgliteVersion() {
  const entry = createRequire(import.meta.url).resolve('@electric-sql/pglite')
  let dir = path.dirname(entry)
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir)
  const pkg = JSON.parse(await readFile(path.join(dir, 'package.json'), 'utf8'))
  return String(pkg.version)
}

/** The file beside a template naming the PGlite version that made it. */
export const versionFile = (/** @type {string} */ folder) => `${folder}.json`

/**
 * Writes the template to `folder` unless one made by the installed PGlite is already there.
 * @param {string} folder
 * @returns {Promise<boolean>} whether it was made now
 */
export async function makeTemplate(folder) {
  const version = await pgliteVersion()
  const marker = versionFile(folder)
  const current = await readFile(marker, 'utf8').then((text) => JSON.parse(text).pglite, () => null)
  if (current === version && existsSync(path.join(folder, 'PG_VERSION'))) return false
  const temp = `${folder}.partial-${process.pid}`
  await rm(temp, { recursive: true, force: true })
  const db = await PGlite.create({ dataDir: temp })
  await db.close()
  await rm(folder, { recursive: true, force: true })
  await rename(temp, folder)
  await writeFile(marker, JSON.stringify({ pglite: version }))
  return true
}

if (import.meta.filename === process.argv[1]) {
  const folder = process.argv[2]
  if (folder === undefined) {
    process.stderr.write('usage: node scripts/pgdata-template.mjs <folder>\n')
    process.exit(2)
  }
  await makeTemplate(path.resolve(folder))
}
