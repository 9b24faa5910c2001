// The theme chosen in Settings (light, dark, or the system's) and the header's switch are one
// state: the local "theme" key (absent = follow the system). Settings reads it live, so the
// header's switch moves the Settings choice, and a Settings choice applies at once. Kept out of
// lib/theme so the landing page's download does not grow.
import { useSyncExternalStore } from 'react'
import { clearTheme, setTheme, subscribeTheme, THEME_STORAGE_KEY, type Theme } from './theme'

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
  if (preference === 'system') clearTheme()
  else setTheme(preference)
}

/** The preference this browser shows now, following every change from anywhere in the app. */
export function useThemePreference(): ThemePreference {
  return useSyncExternalStore(subscribeTheme, storedThemePreference, () => 'system' as const)
}
