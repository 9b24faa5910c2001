// Receipts on transactions (ADR 0037) through the API, with the bytes in the database
// (the default) and in a directory: attach by content type, serve with safe headers to those who
// see the transaction only, count and filter, remove, and go with a deleted transaction.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { eq } from 'drizzle-orm'
import yauzl from 'yauzl'
import { EXPORT_JSON_NAME } from '#src/contract/data'
import { attachmentContents, attachments } from '#src/server/db/schema'
import { createFamily, newAccount } from '#src/server/test/family'
import { createTestApp, signUp, type Client, type TestContext } from '#src/server/test/helper'
import { attach } from '#src/server/test/upload'
import { SWEEP_MIN_AGE_MS, sweepAttachmentFiles } from './storage'

const root = path.resolve(import.meta.dirname, '../../../..')
const jpeg = readFileSync(path.join(root, 'e2e/fixtures/receipt.jpg'))
const pdf = readFileSync(path.join(root, 'e2e/fixtures/invoice.pdf'))
const png = readFileSync(path.join(root, 'src/web/public/icons/icon-192.png'))

async function unzip(bytes: Buffer): Promise<Map<string, Buffer>> {
  const zip = await yauzl.fromBufferPromise(bytes, { lazyEntries: true })
  const out = new Map<string, Buffer>()
  for await (const entry of zip.eachEntry()) {
    const chunks: Buffer[] = []
    for await (const chunk of await zip.openReadStreamPromise(entry)) chunks.push(chunk as Buffer)
    out.set(entry.fileName, Buffer.concat(chunks))
  }
  zip.close()
  return out
}

async function addTransaction(client: Client, accountId: string, merchant: string): Promise<string> {
  const res = await client.post('/api/transactions', { accountId, date: '2026-03-05', amount: -12.34, merchant })
  expect(res.statusCode, res.body).toBe(201)
  return res.json().id
}

for (const storage of ['database', 'directory'] as const) {
  describe(`attachments kept in the ${storage}`, () => {
    let t: TestContext
    let family: Awaited<ReturnType<typeof createFamily>>
    let dir: string | null = null

    beforeAll(async () => {
      dir = storage === 'directory' ? mkdtempSync(path.join(os.tmpdir(), 'kinwise-attachments-')) : null
      t = await createTestApp({ env: { ATTACHMENT_MAX_MB: '1', ...(dir ? { KINWISE_ATTACHMENTS_DIR: dir } : {}) } })
      family = await createFamily(t)
    })
    afterAll(async () => {
      await t.close()
      if (dir) rmSync(dir, { recursive: true, force: true })
    })

    it('attaches a photo and a PDF by what their bytes are, lists them and serves them with safe headers', async () => {
      const { owner } = family
      const id = await addTransaction(owner, family.accounts.checking, 'Corner shop')
      // the name says PDF, the bytes are a JPEG: the bytes win
      const photo = await attach(owner, id, jpeg, 'looks-like.pdf')
      expect(photo.statusCode, photo.body).toBe(201)
      expect(photo.json()).toMatchObject({ transactionId: id, kind: 'jpeg', contentType: 'image/jpeg', size: jpeg.length, fileName: 'looks-like.pdf', addedBy: owner.user.id })
      const invoice = await attach(owner, id, pdf, 'Facture été.pdf')
      expect(invoice.statusCode, invoice.body).toBe(201)

      const list = await owner.get(`/api/transactions/${id}/attachments`)
      expect(list.statusCode).toBe(200)
      expect(list.json().map((a: { kind: string }) => a.kind)).toEqual(['jpeg', 'pdf'])
      expect((await owner.get(`/api/transactions/${id}`)).json().attachmentCount).toBe(2)

      const served = await owner.get(`/api/attachments/${photo.json().id}/content`)
      expect(served.statusCode).toBe(200)
      expect(served.rawPayload.equals(jpeg)).toBe(true)
      expect(served.headers['content-type']).toBe('image/jpeg')
      expect(served.headers['x-content-type-options']).toBe('nosniff')
      expect(served.headers['content-security-policy']).toContain("default-src 'none'")
      expect(served.headers['content-security-policy']).toContain('sandbox')
      expect(served.headers['content-disposition']).toMatch(/^inline; filename="looks-like.pdf"/)
      expect(served.headers['cache-control']).toBe('no-store')
      const download = await owner.get(`/api/attachments/${invoice.json().id}/content?download=true`)
      expect(download.headers['content-type']).toBe('application/pdf')
      expect(download.headers['content-disposition']).toBe(`attachment; filename="Facture _t_.pdf"; filename*=UTF-8''Facture%20%C3%A9t%C3%A9.pdf`)
      expect(download.rawPayload.equals(pdf)).toBe(true)

      if (storage === 'database') {
        const [stored] = await t.database.db.select().from(attachmentContents).where(eq(attachmentContents.attachmentId, photo.json().id))
        expect(stored?.bytes.equals(jpeg)).toBe(true)
      } else {
        expect(readFileSync(path.join(dir ?? '', photo.json().id)).equals(jpeg)).toBe(true)
        expect(await t.database.db.select().from(attachmentContents)).toEqual([])
      }
    })

    it('refuses what is no photo or PDF (415 naming the file), an empty or missing file (400) and a file over the limit (413)', async () => {
      const { owner } = family
      const id = await addTransaction(owner, family.accounts.checking, 'Refusals')
      const svg = await attach(owner, id, '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>', 'receipt.jpg')
      expect(svg.statusCode, svg.body).toBe(415)
      expect(svg.json()).toMatchObject({ code: 'UNSUPPORTED_FILE_TYPE', issues: [{ path: 'file' }] })
      const html = await attach(owner, id, '<html><script>1</script></html>', 'receipt.pdf')
      expect(html.statusCode).toBe(415)
      expect((await attach(owner, id, new Uint8Array(), 'empty.jpg')).statusCode).toBe(400)
      const json = await owner.post(`/api/transactions/${id}/attachments`, { file: 'x' })
      expect(json.statusCode, json.body).toBe(400)
      expect(json.json().issues[0].path).toBe('file')
      const big = Buffer.concat([jpeg, Buffer.alloc(1024 * 1024)])
      const tooBig = await attach(owner, id, big, 'huge.jpg')
      expect(tooBig.statusCode, tooBig.body).toBe(413)
      expect(tooBig.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', issues: [{ path: 'file' }] })
      expect((await owner.get(`/api/transactions/${id}/attachments`)).json()).toEqual([])
      expect((await owner.get(`/api/transactions/${id}`)).json().attachmentCount).toBe(0)
    })

    it('serves and lists files only to members who see the transaction, and lets only those who may change it add or remove', async () => {
      const { owner, adult, teen, viewer } = family
      const secret = await addTransaction(adult, family.accounts.private, 'Private')
      const hidden = (await attach(adult, secret, png, 'private.png')).json().id
      const vaulted = await addTransaction(adult, family.accounts.balanceOnly, 'Vault')
      const vaultFile = (await attach(adult, vaulted, pdf, 'vault.pdf')).json().id
      for (const member of [owner, teen, viewer]) {
        for (const [tx, file] of [[secret, hidden], [vaulted, vaultFile]] as const) {
          expect((await member.get(`/api/transactions/${tx}/attachments`)).statusCode).toBe(404)
          expect((await member.get(`/api/attachments/${file}/content`)).statusCode).toBe(404)
          // a viewer's role is refused before any row is looked for (403), the others' rows are not theirs to find (404)
          const refused = member === viewer ? 403 : 404
          expect((await member.delete(`/api/attachments/${file}`)).statusCode).toBe(refused)
          expect((await attach(member, tx, jpeg)).statusCode).toBe(refused)
        }
      }
      expect((await adult.get(`/api/attachments/${hidden}/content`)).statusCode).toBe(200)

      // the viewer sees the shared account's files but changes nothing; a teen changes only their own entries there
      const shared = await addTransaction(owner, family.accounts.family, 'Shared with teens')
      const sharedFile = (await attach(owner, shared, jpeg)).json().id
      expect((await viewer.get(`/api/attachments/${sharedFile}/content`)).statusCode).toBe(200)
      expect((await teen.get(`/api/attachments/${sharedFile}/content`)).statusCode).toBe(200)
      expect((await attach(viewer, shared, jpeg)).statusCode).toBe(403)
      expect((await viewer.delete(`/api/attachments/${sharedFile}`)).statusCode).toBe(403)
      expect((await attach(teen, shared, jpeg)).json().code).toBe('NOT_YOUR_ENTRY')
      expect((await teen.delete(`/api/attachments/${sharedFile}`)).json().code).toBe('NOT_YOUR_ENTRY')
      const teenOwn = await addTransaction(teen, family.accounts.family, 'Teen entry')
      expect((await attach(teen, teenOwn, jpeg)).statusCode).toBe(201)

      // another household reaches nothing
      const stranger = await createFamily(t)
      expect((await stranger.owner.get(`/api/attachments/${sharedFile}/content`)).statusCode).toBe(404)
      expect((await attach(stranger.owner, shared, jpeg)).statusCode).toBe(404)
      expect((await stranger.owner.delete(`/api/attachments/${sharedFile}`)).statusCode).toBe(404)
    })

    it('filters the list by "has receipt" and counts each row\'s files', async () => {
      const { owner } = family
      const accountId = await newAccount(owner, `Filter ${storage}`)
      const withReceipt = await addTransaction(owner, accountId, 'With receipt')
      const without = await addTransaction(owner, accountId, 'Without')
      expect((await attach(owner, withReceipt, jpeg)).statusCode).toBe(201)
      const yes = (await owner.get(`/api/transactions?accountId=${accountId}&hasReceipt=true`)).json()
      expect(yes.map((r: { id: string }) => r.id)).toEqual([withReceipt])
      expect(yes[0].attachmentCount).toBe(1)
      const no = (await owner.get(`/api/transactions?accountId=${accountId}&hasReceipt=false`)).json()
      expect(no.map((r: { id: string }) => r.id)).toEqual([without])
      expect((await owner.get(`/api/transactions/totals?accountId=${accountId}&hasReceipt=true`)).json().count).toBe(1)
      expect((await owner.get('/api/transactions?hasReceipt=maybe')).statusCode).toBe(400)
    })

    it('goes into the export ZIP (the teen\'s without the files they may not see) and comes back with an import', async () => {
      const { adult, teen } = family
      const mine = await newAccount(adult, `Export ${storage}`)
      const id = await addTransaction(adult, mine, 'Exported shop')
      const photo = (await attach(adult, id, jpeg, 'Kassenbon.jpg')).json()
      const hidden = await addTransaction(adult, family.accounts.private, 'Not for the teen')
      await attach(adult, hidden, pdf, 'hidden.pdf')

      const exported = await adult.get('/api/export')
      expect(exported.statusCode, exported.body).toBe(200)
      const files = await unzip(exported.rawPayload)
      const entry = `attachments/${String(photo.id)}/Kassenbon.jpg`
      expect(files.get(entry)?.equals(jpeg)).toBe(true)
      expect(files.get('attachments.csv')?.toString('utf8')).toContain(entry)
      const doc = JSON.parse(files.get(EXPORT_JSON_NAME)?.toString('utf8') ?? '{}')
      expect(doc.attachments).toContainEqual(expect.objectContaining({ id: photo.id, transactionId: id, kind: 'jpeg', path: entry, size: jpeg.length }))
      expect(JSON.stringify(doc.attachments)).not.toContain('storage')

      const teenFiles = await unzip((await teen.get('/api/export')).rawPayload)
      expect([...teenFiles.keys()].some((k) => k.includes('hidden.pdf'))).toBe(false)
      expect(teenFiles.get('attachments.csv')?.toString('utf8')).not.toContain('hidden.pdf')

      // into a new household: the files come back on the new transactions
      const newcomer = await signUp(t.app)
      const form = new FormData()
      form.append('file', new Blob([new Uint8Array(exported.rawPayload)]), 'kinwise-export.zip')
      const imported = await newcomer.request({ method: 'POST', url: '/api/export/import', payload: form })
      expect(imported.statusCode, imported.body).toBe(200)
      expect(imported.json().attachments).toBe(doc.attachments.length)
      const rows = (await newcomer.get('/api/transactions?hasReceipt=true&limit=100')).json()
      const again = rows.find((r: { merchant: string }) => r.merchant === 'Exported shop')
      expect(again.attachmentCount).toBe(1)
      const [restored] = (await newcomer.get(`/api/transactions/${String(again.id)}/attachments`)).json()
      expect(restored).toMatchObject({ fileName: 'Kassenbon.jpg', kind: 'jpeg', addedBy: newcomer.user.id })
      expect((await newcomer.get(`/api/attachments/${String(restored.id)}/content`)).rawPayload.equals(jpeg)).toBe(true)
    })

    it('removes one file, and every file of a deleted transaction with it', async () => {
      const { owner } = family
      const id = await addTransaction(owner, family.accounts.checking, 'To delete')
      const first = (await attach(owner, id, jpeg)).json().id
      const second = (await attach(owner, id, pdf, 'b.pdf')).json().id
      expect((await owner.delete(`/api/attachments/${first}`)).statusCode).toBe(204)
      expect((await owner.get(`/api/attachments/${first}/content`)).statusCode).toBe(404)
      expect((await owner.get(`/api/transactions/${id}`)).json().attachmentCount).toBe(1)
      if (dir) expect(existsSync(path.join(dir, first))).toBe(false)

      expect((await owner.delete(`/api/transactions/${id}`)).statusCode).toBe(204)
      expect((await owner.get(`/api/attachments/${second}/content`)).statusCode).toBe(404)
      const left = await t.database.db.select().from(attachments).where(eq(attachments.transactionId, id))
      expect(left).toEqual([])
      expect(await t.database.db.select().from(attachmentContents).where(eq(attachmentContents.attachmentId, second))).toEqual([])
      if (dir) {
        // the row went with the transaction; the sweep (at start-up) removes the file no row names
        writeFileSync(path.join(dir, '.00000000-0000-4000-8000-000000000000.x.part'), 'half')
        expect(existsSync(path.join(dir, second))).toBe(true)
        // young files may be uploads in flight: left alone until they are an hour old
        expect(await sweepAttachmentFiles(t.database.db, dir, new Date())).toBe(0)
        expect(await sweepAttachmentFiles(t.database.db, dir, new Date(Date.now() + SWEEP_MIN_AGE_MS + 1000))).toBe(2)
        expect(existsSync(path.join(dir, second))).toBe(false)
        // the files of attachments still there stay
        const kept = await t.database.db.select({ id: attachments.id }).from(attachments)
        expect(readdirSync(dir).sort()).toEqual(kept.map((k) => k.id).sort())
      }
    })
  })
}
