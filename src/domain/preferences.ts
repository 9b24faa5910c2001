// A member's display preferences: how dates are written and which theme the app uses.
// One list each, for the settings contract and the export file's.

/** locale: the browser's own way; the others are written out as they read */
export const DATE_FORMATS = ['locale', 'YYYY-MM-DD', 'DD/MM/YYYY', 'MM/DD/YYYY', 'DD.MM.YYYY'] as const
export type DateFormat = (typeof DATE_FORMATS)[number]

export const THEMES = ['system', 'light', 'dark'] as const
export type ThemeSetting = (typeof THEMES)[number]
