// The app shell's, the desktop sidebar's and the dashboard's chunks, shared by the signed-in
// layout and route table and by route-preload.
import { once } from './lazy-page'

export const loadAppShell = once(() => import('./layout/app-shell'))
export const loadSidebar = once(() => import('./layout/sidebar'))
export const loadDashboardPage = once(() => import('../features/dashboard/dashboard-page'))
