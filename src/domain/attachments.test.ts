import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { attachmentFileName, contentDisposition, fileSizeLabel, sniffAttachment } from './attachments'

const root = path.resolve(import.meta.dirname, '../..')
const file = (p: string) => new Uint8Array(readFileSync(path.join(root, p)))
const text = (s: string) => new TextEncoder().encode(s)

describe('sniffAttachment', () => {
  it('knows real photos and PDFs by their first bytes', () => {
    expect(sniffAttachment(file('e2e/fixtures/receipt.jpg'))).toBe('jpeg')
    expect(sniffAttachment(file('src/web/public/icons/icon-192.png'))).toBe('png')
    expect(sniffAttachment(file('e2e/fixtures/receipt.webp'))).toBe('webp')
    expect(sniffAttachment(file('e2e/fixtures/invoice.pdf'))).toBe('pdf')
    // the first 24 bytes of an iPhone photo: an ISO box "ftyp", brand heic, compatible mif1
    const heic = Uint8Array.from([0, 0, 0, 0x18, ...text('ftypheic'), 0, 0, 0, 0, ...text('mif1heic')])
    expect(sniffAttachment(heic)).toBe('heic')
  })

  it('refuses what only claims to be one, and anything that can run', () => {
    expect(sniffAttachment(text('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'))).toBeNull()
    expect(sniffAttachment(text('<html><body>%PDF-1.4</body></html>'))).toBeNull()
    // a PDF header after other bytes (a polyglot's hiding place)
    expect(sniffAttachment(text(' %PDF-1.4'))).toBeNull()
    // RIFF of another kind (a WAV), and an MP4 (ftyp with a video brand)
    expect(sniffAttachment(text('RIFF\0\0\0\0WAVEfmt '))).toBeNull()
    expect(sniffAttachment(Uint8Array.from([0, 0, 0, 0x18, ...text('ftypisom')]))).toBeNull()
    expect(sniffAttachment(new Uint8Array())).toBeNull()
    expect(sniffAttachment(Uint8Array.from([0xff, 0xd8]))).toBeNull()
    // a GIF is a picture, but not one of the kinds asked for
    expect(sniffAttachment(text('GIF89a'))).toBeNull()
  })
})

describe('attachmentFileName', () => {
  it('keeps the name without folders or control characters, and names a nameless file', () => {
    expect(attachmentFileName('C:\\Users\\me\\Receipt.jpg', 'jpeg')).toBe('Receipt.jpg')
    expect(attachmentFileName('../../etc/passwd', 'pdf')).toBe('passwd')
    expect(attachmentFileName('bad\u0000name\n.pdf', 'pdf')).toBe('badname.pdf')
    expect(attachmentFileName('', 'png')).toBe('receipt.png')
    expect(attachmentFileName('...', 'pdf')).toBe('receipt.pdf')
    const long = attachmentFileName(`${'a'.repeat(300)}.jpeg`, 'jpeg')
    expect(long).toHaveLength(120)
    expect(long.endsWith('.jpeg')).toBe(true)
  })
})

describe('contentDisposition', () => {
  it('gives an ASCII name and the exact one in UTF-8', () => {
    expect(contentDisposition('Café "bill".pdf', true)).toBe(`inline; filename="Caf_ _bill_.pdf"; filename*=UTF-8''Caf%C3%A9%20%22bill%22.pdf`)
    expect(contentDisposition('a.jpg', false)).toBe(`attachment; filename="a.jpg"; filename*=UTF-8''a.jpg`)
  })
})

describe('fileSizeLabel', () => {
  it('reads as people say it', () => {
    expect(fileSizeLabel(812)).toBe('812 bytes')
    expect(fileSizeLabel(48 * 1024 + 100)).toBe('48 KB')
    expect(fileSizeLabel(2.44 * 1024 * 1024)).toBe('2.4 MB')
    expect(fileSizeLabel(12.6 * 1024 * 1024)).toBe('13 MB')
  })
})
