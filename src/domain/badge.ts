// The unread-reminders badge on the bell and in the sidebar (docs/product.md §9): hidden at 0,
// "99+" above 99.

export const BADGE_MAX = 99

export function unreadBadgeText(count: number): string | null {
  const n = Math.floor(count)
  if (!(n > 0)) return null
  return n > BADGE_MAX ? `${BADGE_MAX}+` : String(n)
}
