// Whether this page may show ads (docs/product.md §5, rules in domain/ads): a signed-in free user,
// an allowed path, and enough real content. The content is read from the page's container as it
// changes, leaving out the ad slots themselves.
import { useEffect, useState, type RefObject } from 'react'
import { useLocation } from 'react-router'
import { isAdEligible, isAdPathAllowed } from '#src/domain/ads'
import { showsAds } from '#src/domain/tiers'
import { useAuth } from '#src/web/lib/auth'

export const AD_SLOT_ATTRIBUTE = 'data-ad-slot'

/** The text of an element, leaving out ad slots. */
export function contentText(root: HTMLElement): string {
  const parts: string[] = []
  const walker = document.createTreeWalker(root, NodeFilter.SHOW_ELEMENT | NodeFilter.SHOW_TEXT, {
    acceptNode: (node) =>
      node instanceof HTMLElement && node.hasAttribute(AD_SLOT_ATTRIBUTE)
        ? NodeFilter.FILTER_REJECT
        : NodeFilter.FILTER_ACCEPT,
  })
  for (let node = walker.nextNode(); node !== null; node = walker.nextNode()) {
    if (node.nodeType === Node.TEXT_NODE && node.textContent) parts.push(node.textContent)
  }
  return parts.join(' ')
}

export function useAdEligibility(contentRef: RefObject<HTMLElement | null>): boolean {
  const { user } = useAuth()
  const { pathname } = useLocation()
  const [text, setText] = useState('')
  const watch = user !== null && showsAds(user.subscriptionTier) && isAdPathAllowed(pathname, true)

  useEffect(() => {
    const root = contentRef.current
    if (!watch || root === null) return
    let timer: ReturnType<typeof setTimeout> | undefined
    const read = () => {
      clearTimeout(timer)
      timer = setTimeout(() => setText(contentText(root)), 150)
    }
    read()
    const observer = new MutationObserver(read)
    observer.observe(root, { subtree: true, childList: true, characterData: true })
    return () => {
      clearTimeout(timer)
      observer.disconnect()
    }
  }, [contentRef, watch])

  if (!watch || user === null) return false
  return isAdEligible({
    tier: user.subscriptionTier,
    path: pathname,
    signedIn: true,
    mainContentText: text,
  })
}
