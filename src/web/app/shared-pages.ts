// Pages that both route tables use (signed in and signed out), declared once as lazy chunks.
import { lazyPage } from '../lib/lazy-page'

export const OnboardingPage = lazyPage(
  () => import('../features/onboarding/onboarding-page'),
  'OnboardingPage',
)
export const AuthCallbackPage = lazyPage(
  () => import('../features/auth/auth-callback-page'),
  'AuthCallbackPage',
)
export const TermsPage = lazyPage(() => import('../features/legal/terms-page'), 'TermsPage')
export const PrivacyPage = lazyPage(() => import('../features/legal/privacy-page'), 'PrivacyPage')
export const NotFoundPage = lazyPage(
  () => import('../features/not-found/not-found-page'),
  'NotFoundPage',
)
export const JoinPage = lazyPage(() => import('../features/join/join-page'), 'JoinPage')
