// The app shell's and the dashboard's chunks, shared by the signed-in route table and
// route-preload.
import { once } from './lazy-page'

export const loadAppShell = once(() => import('./layout/app-shell'))
export const loadDashboardPage = once(() => import('../features/dashboard/dashboard-page'))
