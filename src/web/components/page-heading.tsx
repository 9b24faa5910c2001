// The level of a page's own title. Inside the app shell the header's h1 already names the page,
// so a page's title is an h2; the signed-out layout has no such header, so there it is the h1.
// Pages that both layouts show (legal pages, 404) ask here rather than choosing.
import { createContext, useContext, type ReactNode } from 'react'

const TitleLevel = createContext<1 | 2>(2)

/** Wraps the pages of a layout whose header has no h1. */
export function PageTitleIsTopHeading({ children }: { children: ReactNode }) {
  return <TitleLevel.Provider value={1}>{children}</TitleLevel.Provider>
}

/** The tags for the page's title and its sections' headings. */
export function usePageHeadings(): { Title: 'h1' | 'h2'; Section: 'h2' | 'h3' } {
  return useContext(TitleLevel) === 1
    ? { Title: 'h1', Section: 'h2' }
    : { Title: 'h2', Section: 'h3' }
}
