// The words a member sees for a device (Settings → Security: sessions and recent activity),
// read from the browser's user agent: "Chrome on Linux", "Safari on iPhone".
import Bowser from 'bowser'

export function describeDevice(userAgent: string | null | undefined): string {
  if (!userAgent) return 'Unknown device'
  const parsed = Bowser.parse(userAgent)
  const browser = parsed.browser.name || null
  // an iPhone or iPad says more than "iOS"
  const os = parsed.platform.model === 'iPhone' || parsed.platform.model === 'iPad' ? parsed.platform.model : parsed.os.name || null
  if (browser && os) return `${browser} on ${os}`
  if (browser) return browser
  if (os) return os
  return 'Unknown device'
}
