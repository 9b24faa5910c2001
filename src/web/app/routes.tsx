// The route tables of docs/product.md §2 behind the auth and onboarding gates: signed-out visitors,
// signed-in users who have not finished onboarding (the onboarding flow on every path), and
// everyone else. Every page is lazy and loads behind a spinner; an unknown path shows the 404 page.
import { Suspense, useEffect } from 'react'
import { Route, Routes, useLocation } from 'react-router'
import { PageSpinner } from '../components/ui/spinner'
import { OnboardingWithInvite } from '../features/join/onboarding-with-invite'
import { ResumePendingJoin } from '../features/join/resume-pending-join'
import { useAuth } from '../lib/auth'
import { lazyPage } from '../lib/lazy-page'
import { loadLandingPage, loadLoginPage } from './public-page-loaders'
import { loadSignedInRoutes } from './signed-in-routes-loader'
import {
  AuthCallbackPage,
  JoinPage,
  NotFoundPage,
  OnboardingPage,
  PrivacyPage,
  TermsPage,
} from './shared-pages'

const SignedInRoutes = lazyPage(loadSignedInRoutes, 'SignedInRoutes')

/** Feature pages a signed-out visitor may open (docs/product.md §2): a public description each. */
const PUBLIC_FEATURE_PATHS = [
  '/transactions',
  '/accounts',
  '/spending-plan',
  '/goals',
  '/bills',
  '/investments',
  '/reports',
  '/family',
  '/profile',
  '/reminders',
  '/ai-coaching',
  '/ml-insights',
  '/ai-financial-advisor',
  '/subscription',
  '/bank-connections',
  '/savings-challenges',
  '/debt-planning',
  '/retirement-planning',
] as const

const PublicLayout = lazyPage(() => import('./layout/public-layout'), 'PublicLayout')
const LandingPage = lazyPage(loadLandingPage, 'LandingPage')
const LoginPage = lazyPage(loadLoginPage, 'LoginPage')
const ForgotPasswordPage = lazyPage(() => import('../features/auth/forgot-password-page'), 'ForgotPasswordPage')
const ResetPasswordPage = lazyPage(() => import('../features/auth/reset-password-page'), 'ResetPasswordPage')
const PublicFeaturePage = lazyPage(
  () => import('../features/public-features/public-feature-page'),
  'PublicFeaturePage',
)
const LoggedOutDashboard = lazyPage(
  () => import('../features/dashboard/logged-out-dashboard'),
  'LoggedOutDashboard',
)

function SignedOutRoutes() {
  return (
    <Routes>
      <Route path="/" element={<LandingPage />} />
      <Route path="/auth/login" element={<LoginPage />} />
      <Route path="/auth/forgot-password" element={<ForgotPasswordPage />} />
      <Route path="/auth/reset-password" element={<ResetPasswordPage />} />
      <Route path="/auth/callback" element={<AuthCallbackPage />} />
      <Route path="/onboarding" element={<OnboardingPage />} />
      <Route path="/dashboard" element={<LoggedOutDashboard />} />
      <Route path="/join/:token" element={<JoinPage />} />
      <Route element={<PublicLayout />}>
        {PUBLIC_FEATURE_PATHS.map((path) => (
          <Route key={path} path={path} element={<PublicFeaturePage />} />
        ))}
        <Route path="/terms-of-service" element={<TermsPage />} />
        <Route path="/privacy-policy" element={<PrivacyPage />} />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  )
}

function OnboardingRoutes() {
  return (
    <Routes>
      {/* an invite link opened now waits until onboarding is done (features/join/pending-join) */}
      <Route
        path="/join/:token"
        element={
          <OnboardingWithInvite>
            <OnboardingPage />
          </OnboardingWithInvite>
        }
      />
      <Route
        path="*"
        element={
          <OnboardingWithInvite>
            <OnboardingPage />
          </OnboardingWithInvite>
        }
      />
    </Routes>
  )
}

/** Back to the top of the page on navigation (each layout sets the document title). */
function ScrollToTop() {
  const { pathname } = useLocation()
  useEffect(() => {
    window.scrollTo(0, 0)
  }, [pathname])
  return null
}

export function AppRoutes() {
  const { user, isLoading } = useAuth()
  if (isLoading) return <PageSpinner />
  return (
    <>
      <ScrollToTop />
      <Suspense fallback={<PageSpinner />}>
        {user === null ? (
          <SignedOutRoutes />
        ) : user.hasCompletedOnboarding ? (
          // an invite opened before signing in or finishing onboarding comes first
          <ResumePendingJoin>
            <SignedInRoutes />
          </ResumePendingJoin>
        ) : (
          <OnboardingRoutes />
        )}
      </Suspense>
    </>
  )
}
