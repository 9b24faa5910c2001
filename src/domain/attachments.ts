// Receipts and attachments on transactions: what a file is, told by its first bytes
// (never by its name or the type the browser claims), the MIME type it is served with, and the
// names and headers it is shown and downloaded under. Pure: the server stores and serves, the
// web app shows.

/** The kinds of file a transaction may carry: photos and PDFs. No SVG, HTML or anything that runs. */
export const ATTACHMENT_KINDS = ['jpeg', 'png', 'webp', 'heic', 'pdf'] as const
export type AttachmentKind = (typeof ATTACHMENT_KINDS)[number]

/** Where an attachment's bytes are kept: in the database (the default) or in a directory. */
export const ATTACHMENT_STORAGES = ['database', 'directory'] as const
export type AttachmentStorage = (typeof ATTACHMENT_STORAGES)[number]

/** The Content-Type each kind is served with. */
export const ATTACHMENT_MIME: Record<AttachmentKind, string> = {
  jpeg: 'image/jpeg',
  png: 'image/png',
  webp: 'image/webp',
  heic: 'image/heic',
  pdf: 'application/pdf',
}

/** The usual file extension of each kind (a name without one gets it in downloads). */
export const ATTACHMENT_EXTENSION: Record<AttachmentKind, string> = {
  jpeg: 'jpg',
  png: 'png',
  webp: 'webp',
  heic: 'heic',
  pdf: 'pdf',
}

/** What a file input offers: the phone's camera and photos, and PDFs. */
export const ATTACHMENT_ACCEPT = 'image/*,application/pdf'

/** At most this many files on one transaction: a receipt, its pages, a warranty, an invoice. */
export const MAX_ATTACHMENTS_PER_TRANSACTION = 20

/** Kinds every browser shows in an <img>; HEIC (iPhone photos) only Safari does, so it is a file card elsewhere. */
export function isPreviewableImage(kind: AttachmentKind): boolean {
  return kind === 'jpeg' || kind === 'png' || kind === 'webp'
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], at = 0): boolean =>
  bytes.length >= at + signature.length && signature.every((b, i) => bytes[at + i] === b)

const ascii = (text: string): number[] => [...text].map((c) => c.charCodeAt(0))

// ISO base media "ftyp" brands of HEIF/HEIC stills and sequences (ISO/IEC 23008-12); AVIF's
// brands are left out: it is not asked for and few browsers outside Chromium show it
const HEIF_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'hevc', 'hevx', 'mif1', 'msf1'])

/**
 * The kind of a file from its first bytes (magic numbers), or null when it is none of the
 * allowed kinds. JPEG: FF D8 FF; PNG: its 8-byte signature; WebP: RIFF….WEBP; HEIC: an ISO
 * box "ftyp" with a HEIF brand; PDF: "%PDF-" at the very start (a PDF with bytes before its
 * header is refused: browsers and viewers disagree about those, and a polyglot hides there).
 */
export function sniffAttachment(bytes: Uint8Array): AttachmentKind | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return 'jpeg'
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png'
  if (startsWith(bytes, ascii('RIFF')) && startsWith(bytes, ascii('WEBP'), 8)) return 'webp'
  if (startsWith(bytes, ascii('%PDF-'))) return 'pdf'
  if (startsWith(bytes, ascii('ftyp'), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12))
    if (HEIF_BRANDS.has(brand)) return 'heic'
  }
  return null
}

/**
 * A file name fit to store and show: no folders, no control characters or characters file
 * systems refuse, at most 120 characters; `fallback` plus the kind's extension when nothing is left.
 */
export function attachmentFileName(raw: string, kind: AttachmentKind, fallback = 'receipt'): string {
  const base = raw.replace(/\\/g, '/').split('/').pop() ?? ''
  const clean = [...base]
    .filter((c) => c.charCodeAt(0) >= 32 && c.charCodeAt(0) !== 127)
    .join('')
    .replace(/[:*?"<>|]/g, '-')
    .replace(/^[.\s]+|\s+$/g, '')
  const name = clean || `${fallback}.${ATTACHMENT_EXTENSION[kind]}`
  if (name.length <= 120) return name
  const dot = name.lastIndexOf('.')
  const ext = dot > 0 && name.length - dot <= 10 ? name.slice(dot) : ''
  return name.slice(0, 120 - ext.length) + ext
}

/**
 * A Content-Disposition header value (RFC 6266): an ASCII `filename` for old clients and the
 * exact name as UTF-8 in `filename*` (RFC 8187). `inline` to show in the browser, else a download.
 */
export function contentDisposition(fileName: string, inline: boolean): string {
  const fallback = [...fileName].map((c) => (/[\x20-\x7e]/.test(c) && c !== '"' && c !== '\\' ? c : '_')).join('')
  const encoded = encodeURIComponent(fileName).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`)
  return `${inline ? 'inline' : 'attachment'}; filename="${fallback}"; filename*=UTF-8''${encoded}`
}

/** A file's size as people read it: "812 bytes", "48 KB", "2.4 MB". */
export function fileSizeLabel(bytes: number): string {
  if (bytes < 1024) return `${String(bytes)} bytes`
  if (bytes < 1024 * 1024) return `${String(Math.round(bytes / 1024))} KB`
  const mb = bytes / (1024 * 1024)
  return `${mb < 10 ? mb.toFixed(1) : String(Math.round(mb))} MB`
}
