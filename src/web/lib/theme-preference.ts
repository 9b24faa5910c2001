// The theme chosen in Settings (light, dark, or the system's) applied to this browser: it sets the
// same local "theme" key the header's switch uses, or clears it to follow the system. Kept out of
// lib/theme so the landing page's download does not grow.
import { setTheme, THEME_STORAGE_KEY, type Theme } from './theme'

export type ThemePreference = Theme | 'system'

export function storedThemePreference(): ThemePreference {
  try {
    const value = localStorage.getItem(THEME_STORAGE_KEY)
    return value === 'light' || value === 'dark' ? value : 'system'
  } catch {
    return 'system'
  }
}

export function applyThemePreference(preference: ThemePreference): void {
  if (preference !== 'system') {
    setTheme(preference)
    return
  }
  const system: Theme = window.matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light'
  // setTheme tells the header's switch; the stored choice is then removed, so the system decides
  setTheme(system)
  try {
    localStorage.removeItem(THEME_STORAGE_KEY)
  } catch {
    // blocked storage: the theme still applies for this visit
  }
}
