// The desktop sidebar's chunk, loaded by the app shell and started early by route-preload.
// Kept apart from dashboard-loaders, which loads the app shell itself (no import cycle).
import { once } from '#src/web/lib/lazy-page'

export const loadSidebar = once(() => import('./sidebar'))
