// Reads a personal API token from the Authorization header (ADR 0033).

/** The token of an `Authorization: Bearer <token>` header (any case of "Bearer"); null for none. */
export function bearerToken(header: string | undefined): string | null {
  if (typeof header !== 'string') return null
  const match = /^bearer(?:[ \t]+(.*))?$/i.exec(header.trim())
  return match ? (match[1] ?? '').trim() : null
}
