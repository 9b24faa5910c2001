// /auth/login: sign in or create an account (registration only while the server allows it),
// with single sign-on offered when the server has it configured. With MFA on, the second step
// (a code, a recovery code or a passkey) follows the password, and single sign-on comes back to
// /auth/login?mfa=1 for it.
import { useState } from 'react'
import { Link, useSearchParams } from 'react-router'
import type { MfaMethod } from '#src/contract/auth'
import { Button } from '#src/web/components/ui/button'
import { Tabs, TabsContent, TabsList, TabsTrigger } from '#src/web/components/ui/tabs'
import { useAppConfig } from '#src/web/lib/app-config'
import { AuthFrame } from './components/auth-card-layout'
import { RegisterForm } from './components/register-form'
import { MfaStep } from './components/mfa-step'
import { SignInForm } from './components/sign-in-form'
import { useDocumentTitle } from '#src/web/lib/document-title'

export function LoginPage() {
  const { config } = useAppConfig()
  const registrationOpen = config?.registrationOpen ?? true
  // ?tab=register opens the registration form (the join page's "Create an account")
  const [search, setSearch] = useSearchParams()
  // the second factors the password step answered; ?mfa=1: single sign-on owes one
  const [mfaMethods, setMfaMethods] = useState<readonly MfaMethod[] | null>(null)
  const mfaStep = mfaMethods !== null || search.get('mfa') === '1'
  useDocumentTitle(mfaStep ? 'Two-step verification · Kinwise' : 'Sign in · Kinwise')
  const restart = () => {
    setMfaMethods(null)
    if (search.has('mfa')) setSearch({}, { replace: true })
  }
  return (
    <AuthFrame back={{ to: '/', label: 'Back to the home page' }}>
      {mfaStep ? (
        <MfaStep methods={mfaMethods} onRestart={restart} />
      ) : (
        <>
          <h1 className="text-2xl font-bold tracking-tight">Welcome to Kinwise</h1>
          <p className="mt-1 text-sm text-muted-foreground">
            Sign in, or create a free account to get started.
          </p>
          <Tabs
            defaultValue={search.get('tab') === 'register' ? 'register' : 'sign-in'}
            className="mt-6"
          >
            <TabsList>
              <TabsTrigger value="sign-in">Sign in</TabsTrigger>
              <TabsTrigger value="register">Create account</TabsTrigger>
            </TabsList>
            <TabsContent value="sign-in">
              <SignInForm onMfaRequired={setMfaMethods} />
              <p className="mt-3 text-center text-sm">
                <Link
                  to="/auth/forgot-password"
                  className="font-medium text-primary underline-offset-4 hover:underline"
                >
                  Forgot password?
                </Link>
              </p>
              {config?.oidcEnabled === true && (
                <div className="mt-4">
                  <Button asChild variant="outline" className="w-full">
                    <a href="/api/login">Continue with single sign-on</a>
                  </Button>
                </div>
              )}
            </TabsContent>
            <TabsContent value="register">
              {registrationOpen ? (
                <RegisterForm />
              ) : (
                <p className="rounded-lg border bg-muted p-4 text-sm">
                  Registration is closed on this server. Ask its administrator for an account.
                </p>
              )}
            </TabsContent>
          </Tabs>
        </>
      )}
    </AuthFrame>
  )
}
