// The top of the app: who is signed in decides which screens exist. The signed-in shell is a
// separate chunk; the sign-in screens do not download the chat.
import { t } from '@lingui/core/macro'
import { Suspense, useEffect, useState } from 'react'
import { QueryClientProvider } from '@tanstack/react-query'
import { makeQueryClient } from './lib/query-client.ts'
import { navigate, useRoute } from './lib/router.ts'
import type { Route } from './lib/routes.ts'
import {
  ForgotPasswordPage,
  ResetLinkExpiredPage,
  loadedSignInPage,
  loadSignInPage,
  SignUpPage,
  useAuth,
} from './features/auth/index.ts'
import { ErrorState, Spinner } from './ui/Notice.tsx'
import { loadedSignedInApp, loadSignedInApp } from './signed-in-loader.ts'

export function App() {
  const [queryClient] = useState(makeQueryClient)
  return (
    <QueryClientProvider client={queryClient}>
      <Gate />
    </QueryClientProvider>
  )
}

const PUBLIC_ROUTES: Route['name'][] = ['sign-in', 'sign-up', 'forgot-password', 'reset-password']

function Gate() {
  const auth = useAuth()
  const route = useRoute()

  const signedOutTarget =
    auth.status === 'signed-out' && !PUBLIC_ROUTES.includes(route.name)
      ? route.name === 'invite'
        ? `/sign-up?next=${encodeURIComponent(window.location.pathname)}`
        : `/sign-in${route.name === 'home' ? '' : `?next=${encodeURIComponent(nextPath(route))}`}`
      : null
  const signedInTarget =
    auth.status === 'signed-in' &&
    !auth.recovery &&
    ['sign-in', 'sign-up', 'forgot-password'].includes(route.name)
      ? safeNext()
      : null

  useEffect(() => {
    if (signedOutTarget) navigate(signedOutTarget, { replace: true })
    else if (signedInTarget) navigate(signedInTarget, { replace: true })
  }, [signedOutTarget, signedInTarget])

  if (auth.status === 'loading' || signedOutTarget || signedInTarget) {
    return (
      <div className="center-screen">
        <Spinner />
      </div>
    )
  }
  if (auth.status === 'signed-out') {
    if (route.name === 'sign-in' || !PUBLIC_ROUTES.includes(route.name)) {
      return <SignIn expired={auth.reason === 'expired'} />
    }
    return (
      <Suspense
        fallback={
          <div className="center-screen">
            <Spinner />
          </div>
        }
      >
        {route.name === 'sign-up' ? (
          <SignUpPage />
        ) : route.name === 'forgot-password' ? (
          <ForgotPasswordPage />
        ) : (
          <ResetLinkExpiredPage />
        )}
      </Suspense>
    )
  }
  return <SignedIn route={route} />
}

/** The sign-in page, once its chunk is in (boot waits for it on a signed-out start). */
function SignIn({ expired }: { expired: boolean }) {
  const Page = useChunk(loadedSignInPage, loadSignInPage)
  return typeof Page === 'boolean' ? <Loading failed={Page} /> : <Page expired={expired} />
}

function SignedIn({ route }: { route: Route }) {
  const Screen = useChunk(loadedSignedInApp, loadSignedInApp)
  return typeof Screen === 'boolean' ? <Loading failed={Screen} /> : <Screen route={route} />
}

/** A screen loaded without React.lazy: at once when its chunk is in, else once loaded; false
 * while loading, true when the download failed. */
function useChunk<T>(loaded: () => T | null, load: () => Promise<T>): T | boolean {
  const [screen, setScreen] = useState(loaded)
  const [failed, setFailed] = useState(false)
  useEffect(() => {
    if (screen) return
    load().then(
      (component) => setScreen(() => component),
      () => setFailed(true)
    )
  }, [screen, load])
  return screen ?? failed
}

function Loading({ failed }: { failed: boolean }) {
  if (failed) {
    return (
      <main className="center-screen">
        <ErrorState
          detail={t`Chorus could not be loaded. Check your connection.`}
          onRetry={() => window.location.reload()}
        />
      </main>
    )
  }
  return (
    <div className="center-screen">
      <Spinner label={t`Loading Chorus`} />
    </div>
  )
}

/** Where to come back to after signing in: the path, and the consent page's request too. */
function nextPath(route: Route): string {
  const { pathname, search } = window.location
  return route.name === 'oauth-consent' ? pathname + search : pathname
}

function safeNext(): string {
  const next = new URLSearchParams(window.location.search).get('next')
  return next && next.startsWith('/') && !next.startsWith('//') ? next : '/'
}
