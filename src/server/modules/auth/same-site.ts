// GET /api/logout is a navigation (docs/product.md §7: the app's Sign out goes there), so
// SameSite=Lax cookies come with it from any site: a link or image elsewhere could sign members
// out. It signs out only a navigation from this site (or typed in): Fetch Metadata first, else
// Origin and Referer.
import type { FastifyRequest } from 'fastify'
import type { Config } from '#src/server/config'

function ownOrigin(req: FastifyRequest, config: Config): string {
  if (config.publicUrl) return new URL(config.publicUrl).origin
  return originOf(`${req.protocol}://${req.headers.host ?? 'localhost'}`) ?? ''
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin
  } catch {
    return null
  }
}

export function isSameSiteNavigation(req: FastifyRequest, config: Config): boolean {
  const site = req.headers['sec-fetch-site']
  if (typeof site === 'string') return site === 'same-origin' || site === 'none'
  const own = ownOrigin(req, config)
  const origin = req.headers.origin
  if (typeof origin === 'string') return originOf(origin) === own
  const referer = req.headers.referer
  if (typeof referer === 'string') return originOf(referer) === own
  // a browser without Fetch Metadata, the address typed in: nothing says it came from elsewhere
  return true
}

export const REFUSED_SIGN_OUT_PAGE = `<!doctype html>
<html lang="en"><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Not signed out · Kinwise</title>
<main style="font-family: system-ui, sans-serif; max-width: 32rem; margin: 4rem auto; padding: 0 1rem; line-height: 1.5">
<h1>You are still signed in</h1>
<p>This sign-out link came from another site, so Kinwise ignored it. To sign out, use <strong>Sign out</strong> in Kinwise's own menu.</p>
<p><a href="/">Go to Kinwise</a></p>
</main></html>`
