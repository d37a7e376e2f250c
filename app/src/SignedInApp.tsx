// Everything behind the sign-in: which screen a route shows once we know who you are.
import { t } from '@lingui/core/macro'
import { Suspense, useEffect } from 'react'
import type { ReactNode } from 'react'
import { cleanError } from './lib/clean-error.ts'
import { browserStore } from './lib/local-store.ts'
import { navigate } from './lib/router.ts'
import type { Route } from './lib/routes.ts'
import {
  installRefreshHold,
  MfaChallengePage,
  needsCode,
  ResetPasswordPage,
  useAuth,
} from './features/auth/index.ts'
import {
  AcceptInvitePage,
  CreateWorkspacePage,
  useWorkspacesQuery,
} from './features/workspaces/index.ts'
import { OAuthConsentPage } from './features/security/index.ts'
import { ErrorState, Spinner } from './ui/Notice.tsx'
import { Link } from './ui/Link.tsx'
import { WorkspaceShell } from './shell/WorkspaceShell.tsx'
import { useOfflineShell } from './offline/use-offline-shell.ts'

export const LAST_WORKSPACE_KEY = 'chorus.last-workspace'

installRefreshHold()

export default function SignedInApp({ route }: { route: Route }) {
  const auth = useAuth()
  useOfflineShell(auth.status === 'signed-in' ? auth.userId : null)
  // supabase-js clears a confirmation link's tokens with `location.hash = ''`, which leaves the
  // address ending in "#" (done here, once signed in, to keep it out of the first-screen chunk).
  useEffect(() => {
    const { href, pathname, search } = window.location
    if (href.endsWith('#')) window.history.replaceState(null, '', pathname + search)
  }, [])
  if (auth.status !== 'signed-in') return null
  // Signed in by a password-reset link: the new password first.
  if (auth.recovery || route.name === 'reset-password') return page(<ResetPasswordPage />)
  // An account with a verified factor signed in with its password only (aal1): the database
  // shows it nothing of the workspaces, so the code comes first (a chunk of its own).
  if (needsCode(auth.session)) return page(<MfaChallengePage />)
  switch (route.name) {
    case 'invite':
      return page(<AcceptInvitePage token={route.token} email={auth.email} />)
    case 'new-workspace':
      return page(<CreateWorkspacePage first={false} />)
    case 'oauth-consent':
      return page(<OAuthConsentPage authorizationId={route.authorizationId} />)
    case 'workspace':
      return (
        <WorkspaceShell
          key={route.workspaceId}
          workspaceId={route.workspaceId}
          channelId={route.channelId}
          messageId={route.messageId ?? null}
          threadId={route.threadId ?? null}
          view={route.view ?? null}
          newMessage={route.newMessage}
        />
      )
    case 'home':
      return <Home />
    case 'last-workspace':
      return <Home then={route.then} />
    default:
      return (
        <main className="center-screen">
          <div className="card">
            <h1>{t`Page not found`}</h1>
            <p className="muted">{t`There is nothing at this address.`}</p>
            <Link href="/">{t`Go to my workspaces`}</Link>
          </div>
        </main>
      )
  }
}

/** Opens the workspace used last (or the first), at `then` when given (the installed app's
 * shortcuts: its Threads, or "New message"); offers to create one when there is none. */
function Home({ then }: { then?: 'threads' | 'new-message' }) {
  const workspaces = useWorkspacesQuery()
  const list = workspaces.data
  const target =
    list && list.length > 0
      ? (list.find((w) => w.id === browserStore().getItem(LAST_WORKSPACE_KEY)) ?? list[0]!)
      : null

  useEffect(() => {
    if (target) navigate(`/w/${target.id}${then ? `/${then}` : ''}`, { replace: true })
  }, [target, then])

  if (workspaces.error) {
    return (
      <main className="center-screen">
        <ErrorState
          detail={cleanError(workspaces.error)}
          onRetry={() => void workspaces.refetch()}
        />
      </main>
    )
  }
  if (!list || target) {
    return (
      <div className="center-screen">
        <Spinner label={t`Loading your workspaces`} />
      </div>
    )
  }
  return page(<CreateWorkspacePage first />)
}

/** A page of a chunk of its own: a spinner while it loads. */
function page(content: ReactNode) {
  return (
    <Suspense
      fallback={
        <div className="center-screen">
          <Spinner />
        </div>
      }
    >
      {content}
    </Suspense>
  )
}
