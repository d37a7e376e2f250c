// Settings, Security: the account's active sessions (my_sessions(): browser and system, IP, last
// active, this device marked), each other one signed out on its own or all of them at once.
// A signed-out browser stops at its next token refresh: its access token lives on until it
// expires (jwt_expiry, an hour by default), as after any Supabase Auth sign-out.
import { t } from '@lingui/core/macro'
import { dateAndSecondsLabel } from '../../../lib/date-formats.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import { useSessions, useSignOutOthers, useSignOutSession } from '../data/sessions.ts'
import type { ActiveSession } from '../data/sessions.ts'
import { describeUserAgent, timeAgo } from './session-labels.ts'

export function SessionsSection() {
  const sessions = useSessions()
  const signOutOne = useSignOutSession()
  const signOutOthers = useSignOutOthers()
  const others = (sessions.data ?? []).filter((s) => !s.current)
  return (
    <section className="stack" aria-labelledby="security-sessions">
      <h3 id="security-sessions">{t`Active sessions`}</h3>
      <p className="muted">
        {t`Each browser or device you are signed in with. One you sign out here is signed out there the next time it renews its sign-in (within the hour).`}
      </p>
      {sessions.isPending && <p className="muted">{t`Loading sessions…`}</p>}
      {sessions.error && <Notice tone="error">{cleanError(sessions.error)}</Notice>}
      {sessions.data && (
        <ul className="security-sessions" aria-label={t`Active sessions`}>
          {sessions.data.map((session) => (
            <SessionItem
              key={session.id}
              session={session}
              busy={signOutOne.isPending || signOutOthers.isPending}
              onSignOut={() => signOutOne.mutate(session.id)}
            />
          ))}
        </ul>
      )}
      {signOutOne.error && <Notice tone="error">{cleanError(signOutOne.error)}</Notice>}
      {signOutOthers.error && <Notice tone="error">{cleanError(signOutOthers.error)}</Notice>}
      {signOutOthers.isSuccess && others.length === 0 && (
        <Notice tone="success">{t`Every other session is signed out.`}</Notice>
      )}
      <button
        type="button"
        className="button"
        disabled={signOutOthers.isPending || (sessions.isSuccess && others.length === 0)}
        onClick={() => signOutOthers.mutate()}
      >
        {t`Sign out all other sessions`}
      </button>
    </section>
  )
}

function SessionItem({
  session,
  busy,
  onSignOut,
}: {
  session: ActiveSession
  busy: boolean
  onSignOut: () => void
}) {
  const name = describeUserAgent(session.userAgent)
  const ago = timeAgo(session.lastActiveAt)
  const active = session.current ? t`active now` : t`active ${ago}`
  return (
    <li aria-label={session.current ? t`${name}, this device` : name}>
      <span className="security-session" title={session.userAgent ?? undefined}>
        <span>
          <strong>{name}</strong>
          {session.current && <span className="security-session-here">{t`This device`}</span>}
        </span>
        <span className="muted">
          {session.ip ?? t`IP unknown`} ·{' '}
          <time dateTime={session.lastActiveAt} title={dateAndSecondsLabel(session.lastActiveAt)}>
            {active}
          </time>
        </span>
      </span>
      {!session.current && (
        <button type="button" className="button" disabled={busy} onClick={onSignOut}>
          {t`Sign out`}
        </button>
      )}
    </li>
  )
}
