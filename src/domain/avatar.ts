// Who is signed in, as the sidebar footer and user menu show it (spec §2): the avatar letter
// when there is no profile image, and the display name.

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
