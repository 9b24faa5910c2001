// An invite's link as people copy it (the copying itself is lib/copy-text).

/** The invite's link as a full address, whether the server gave a path or an absolute URL. */
export function absoluteUrl(url: string): string {
  try {
    return new URL(url, window.location.origin).href
  } catch {
    return url
  }
}
