// Who is signed in, as the sidebar footer and user menu show it (docs/product.md §2): the avatar
// letter when there is no profile image, and the display name; and what a profile photo may be (an
// uploaded picture, never an outside address: ADR 0051).
import { sniffAttachment } from './attachments'

/** The kinds of picture a profile photo may be, told by its first bytes: those every browser shows. */
export const AVATAR_KINDS = ['jpeg', 'png', 'webp'] as const
export type AvatarKind = (typeof AVATAR_KINDS)[number]

/** The largest profile photo (1 MB): plenty for a picture shown at most 56 pixels wide. */
export const AVATAR_MAX_BYTES = 1024 * 1024

/** What the file input offers. */
export const AVATAR_ACCEPT = 'image/png,image/jpeg,image/webp'

/**
 * What is wrong with a file chosen as a photo, told before it is sent (the server reads its bytes
 * again), or null. A browser that does not know the file's type says '', which passes here.
 */
export function avatarFileProblem(file: { size: number; type: string }): string | null {
  if (file.type !== '' && !AVATAR_ACCEPT.split(',').includes(file.type)) return 'The photo must be a PNG, JPEG or WebP picture'
  if (file.size === 0) return 'This file is empty: choose a picture'
  if (file.size > AVATAR_MAX_BYTES) return 'The photo is larger than 1 MB: choose a smaller picture'
  return null
}

/** The kind of a profile photo from its first bytes, or null when it is none of AVATAR_KINDS. */
export function avatarKind(bytes: Uint8Array): AvatarKind | null {
  const kind = sniffAttachment(bytes)
  return AVATAR_KINDS.find((k) => k === kind) ?? null
}

export type AvatarUser = {
  profileImageUrl?: string | null
  firstName?: string | null
  email?: string | null
}

export type NamedUser = {
  firstName?: string | null
  lastName?: string | null
  email?: string | null
}

function clean(value: string | null | undefined): string {
  return value?.trim() ?? ''
}

function firstLetter(value: string): string {
  // Array.from splits by code point, so an accented or non-Latin initial stays whole
  return (Array.from(value)[0] ?? '').toUpperCase()
}

/**
 * null when there is a profile image (the UI shows the image); otherwise the upper-cased
 * first letter of the first name, else of the e-mail, else "U".
 */
export function avatarInitial(user: AvatarUser): string | null {
  if (clean(user.profileImageUrl) !== '') return null
  const firstName = clean(user.firstName)
  if (firstName !== '') return firstLetter(firstName)
  const email = clean(user.email)
  if (email !== '') return firstLetter(email)
  return 'U'
}

/** "First Last" (or whichever of the two is set), else the e-mail, else "User". */
export function displayName(user: NamedUser): string {
  const name = [clean(user.firstName), clean(user.lastName)].filter((part) => part !== '').join(' ')
  if (name !== '') return name
  const email = clean(user.email)
  return email !== '' ? email : 'User'
}
