// The signed-in route table's chunk, shared by the route tables and route-preload.
import { once } from '../lib/lazy-page'

export const loadSignedInRoutes = once(() => import('./signed-in-routes'))
