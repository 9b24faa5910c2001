// Light and dark theme: the choice is stored under the key "theme" (docs/product.md §2 Header) and
// applied as a `dark` class on <html>; with nothing stored, the system preference decides.
import { useCallback, useSyncExternalStore } from 'react'

export type Theme = 'light' | 'dark'

export const THEME_STORAGE_KEY = 'theme'

const listeners = new Set<() => void>()

function readStored(): Theme | null {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : null
  } catch {
    return null
  }
}

function systemTheme(): Theme {
  return typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches
    ? 'dark'
    : 'light'
}

export function currentTheme(): Theme {
  return readStored() ?? systemTheme()
}

/**
 * Sets the theme on <html> in one step: transitions are held for the frame in which the colours
 * change, so no link or card fades from one palette to the other (a fade is read half-way by the
 * eye and by contrast checkers alike).
 */
export function applyTheme(theme: Theme): void {
  const root = document.documentElement
  if (root.classList.contains('dark') === (theme === 'dark') && root.style.colorScheme === theme) return
  // styles.css: no transition under .theme-switching (an inline <style> would break the CSP)
  root.classList.add('theme-switching')
  root.classList.toggle('dark', theme === 'dark')
  root.style.colorScheme = theme
  // reading a computed style makes the browser apply the new colours before transitions return
  void getComputedStyle(root).color
  requestAnimationFrame(() => root.classList.remove('theme-switching'))
}

export function setTheme(theme: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  } catch {
    // storage can be full or blocked: the theme still applies for this visit
  }
  applyTheme(theme)
  for (const listener of listeners) listener()
}

/** Forgets the stored choice: the system's theme applies, and every switch hears of it. */
export function clearTheme(): void {
  try {
    localStorage.removeItem(THEME_STORAGE_KEY)
  } catch {
    // blocked storage: nothing was stored
  }
  applyTheme(systemTheme())
  for (const listener of listeners) listener()
}

/**
 * Applies the stored (or system) theme; main.tsx calls it before the first render. With no stored
 * choice the page follows the system as it changes (a phone turning dark at sunset).
 */
export function initTheme(): void {
  applyTheme(currentTheme())
  if (typeof matchMedia !== 'function') return
  matchMedia('(prefers-color-scheme: dark)').addEventListener('change', () => {
    if (readStored() !== null) return
    applyTheme(systemTheme())
    for (const listener of listeners) listener()
  })
}

/** Calls `listener` whenever the theme is set or cleared (the header's switch, Settings). */
export function subscribeTheme(listener: () => void): () => void {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

export function useTheme(): { theme: Theme; toggleTheme: () => void } {
  const theme = useSyncExternalStore(subscribeTheme, currentTheme, () => 'light' as const)
  const toggleTheme = useCallback(() => setTheme(currentTheme() === 'dark' ? 'light' : 'dark'), [])
  return { theme, toggleTheme }
}
