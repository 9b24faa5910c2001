// The landing and sign-in pages' chunks, shared by the route tables and route-preload (one
// promise each, so a preloaded page renders without suspending).
import { once } from '../lib/lazy-page'

export const loadLandingPage = once(() => import('../features/landing/landing-page'))
export const loadLoginPage = once(() => import('../features/auth/login-page'))
