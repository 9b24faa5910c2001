// The built web app's assets are sent precompressed (the build writes .br and .gz beside them)
// to browsers that accept it, and as they are to those that do not.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { buildApp } from './app'
import { createTestApp, type TestContext } from './test/helper'

let t: TestContext
let webDir: string
let app: Awaited<ReturnType<typeof buildApp>>
const script = `console.log(${JSON.stringify('kinwise '.repeat(400))})`

beforeAll(async () => {
  t = await createTestApp()
  webDir = await mkdtemp(path.join(tmpdir(), 'kinwise-web-'))
  await mkdir(path.join(webDir, 'assets'))
  await writeFile(path.join(webDir, 'index.html'), '<!doctype html><title>Kinwise</title><div id="root"></div>')
  const file = path.join(webDir, 'assets', 'index-abc123.js')
  await writeFile(file, script)
  await writeFile(`${file}.br`, brotliCompressSync(script))
  await writeFile(`${file}.gz`, gzipSync(script))
  app = await buildApp({ db: t.database.db, config: t.config, webDir })
})
afterAll(async () => {
  await app.close()
  await t.close()
  await rm(webDir, { recursive: true, force: true })
})

describe('precompressed assets', () => {
  it('sends brotli or gzip when accepted, the plain file otherwise', async () => {
    const url = '/assets/index-abc123.js'
    const br = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(br.statusCode).toBe(200)
    expect(br.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script)
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable')
    const gz = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'gzip' } })
    expect(gz.headers['content-encoding']).toBe('gzip')
    const plain = await app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'identity' } })
    expect(plain.headers['content-encoding']).toBeUndefined()
    expect(plain.body).toBe(script)
  })
})
