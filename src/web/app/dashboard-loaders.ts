// The app shell's and the dashboard's chunks, shared by the signed-in route table and by
// route-preload (the sidebar's loader is in layout/sidebar-loader).
import { once } from '../lib/lazy-page'

export const loadAppShell = once(() => import('./layout/app-shell'))
export const loadDashboardPage = once(() => import('../features/dashboard/dashboard-page'))
