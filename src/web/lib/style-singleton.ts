// Stands in for the react-style-singleton package (vite.config.ts aliases it here), which the
// dialogs' scroll lock (react-remove-scroll, under Radix) uses to add a <style> element. The
// Content-Security-Policy allows no inline style, so a <style> element would be
// refused; the same rules go into a constructable stylesheet (document.adoptedStyleSheets),
// which the policy does not govern. Same API: stylesheetSingleton, styleHookSingleton,
// styleSingleton.
import { useEffect } from 'react'

type Sheet = { add(style: string): void; remove(): void }

export const stylesheetSingleton = (): Sheet => {
  let counter = 0
  let sheet: CSSStyleSheet | null = null
  return {
    add(style) {
      // browsers without constructable stylesheets (none the app supports) just lose the lock's rules
      if (counter === 0 && typeof document !== 'undefined' && 'adoptedStyleSheets' in document) {
        sheet = new CSSStyleSheet()
        sheet.replaceSync(style)
        document.adoptedStyleSheets = [...document.adoptedStyleSheets, sheet]
      }
      counter++
    },
    remove() {
      counter--
      if (counter === 0 && sheet) {
        const gone = sheet
        document.adoptedStyleSheets = document.adoptedStyleSheets.filter((s) => s !== gone)
        sheet = null
      }
    },
  }
}

export const styleHookSingleton = (): ((styles: string, isDynamic?: boolean) => void) => {
  const sheet = stylesheetSingleton()
  return (styles) => {
    // added on the first mount, removed on the last unmount (the scroll lock's styles are fixed
    // for the life of a dialog)
    useEffect(() => {
      sheet.add(styles)
      return () => sheet.remove()
    }, [styles])
  }
}

export const styleSingleton = (): ((props: { styles: string; dynamic?: boolean }) => null) => {
  const useStyle = styleHookSingleton()
  return function Sheet({ styles, dynamic }) {
    useStyle(styles, dynamic)
    return null
  }
}
