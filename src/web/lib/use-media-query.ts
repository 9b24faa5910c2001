// Whether a CSS media query matches, kept up to date: pages that render a different layout on a
// phone (a list instead of a table) render only the one that shows.
import { useSyncExternalStore } from 'react'

export const DESKTOP_QUERY = '(min-width: 1024px)'

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia(query)
      list.addEventListener('change', onChange)
      return () => list.removeEventListener('change', onChange)
    },
    () => window.matchMedia(query).matches,
    () => false,
  )
}
