// The consent page of Auth's OAuth 2.1 server ([auth.oauth_server] authorization_url_path =
// "/oauth/consent"): a third-party app sent the person to /auth/v1/oauth/authorize, and Auth sent
// them here with ?authorization_id=…. The page names the app, where it will send them back and
// what it asks for, and what it may do in Chorus (read their workspaces; write in none until they
// allow it in Settings, Security, Connected apps). Allow or Cancel answers Auth, which gives the
// redirect back to the app (with a code, or with access_denied). A request the person already
// consented to goes straight back to the app; one that expired or is unknown says so.
import { i18n } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { Trans } from '@lingui/react/macro'
import { useEffect, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { CardPage } from '../../../ui/CardPage.tsx'
import { Notice, Spinner } from '../../../ui/Notice.tsx'
import { useAuthorization, useConsentAnswer } from '../data/oauth-consent.ts'

/** What the scopes an app asks for mean, in the person's words. */
const SCOPE_WORDS: Record<string, MessageDescriptor> = {
  openid: msg`Know who you are (your Chorus account)`,
  email: msg`See your email address`,
  profile: msg`See your name and picture`,
  phone: msg`See your phone number`,
}

function scopeWords(scope: string): string {
  const words = SCOPE_WORDS[scope]
  return words ? i18n._(words) : t`Use "${scope}"`
}

/** Sends the browser to the app (the URL Auth gave: the app's registered redirect URI). */
function leaveFor(url: string) {
  window.location.assign(url)
}

export default function OAuthConsentPage({ authorizationId }: { authorizationId: string | null }) {
  const details = useAuthorization(authorizationId ?? '')
  const [leaving, setLeaving] = useState(false)
  const decide = useConsentAnswer(authorizationId ?? '', (url) => {
    setLeaving(true)
    leaveFor(url)
  })
  const data = details.data
  const already = data && !('authorization_id' in data) ? data.redirect_url : null
  useEffect(() => {
    if (already) leaveFor(already)
  }, [already])

  let body
  if (!authorizationId)
    body = <p>{t`This address is missing the app's request. Start again from the app.`}</p>
  else if (details.isPending || already || leaving)
    body = (
      <Spinner label={already || leaving ? t`Going back to the app` : t`Loading the request`} />
    )
  else if (details.error) {
    const problem = cleanError(details.error)
    body = (
      <Notice tone="error">
        {t`This request cannot be answered: ${problem} Start again from the app.`}
      </Notice>
    )
  } else if (data && 'authorization_id' in data) {
    const appName = data.client.name || t`An app`
    const email = data.user.email
    const site = data.client.uri
    const backTo = data.redirect_uri
    const scopes = data.scope.split(/\s+/).filter(Boolean)
    body = (
      <>
        <p>
          <Trans>
            <strong>
              <bdi>{appName}</bdi>
            </strong>{' '}
            wants to use your Chorus account <bdi>{email}</bdi>.
          </Trans>
        </p>
        {site && (
          <p className="muted">
            <Trans>
              The app's site: <bdi>{site}</bdi>
            </Trans>
          </p>
        )}
        <p>{t`It asks to:`}</p>
        <ul aria-label={t`What the app asks for`}>
          <li>{t`Read the messages, channels and people of your workspaces, as you`}</li>
          {scopes.map((scope) => (
            <li key={scope}>{scopeWords(scope)}</li>
          ))}
        </ul>
        <p className="muted">
          <Trans>
            It cannot send messages or change anything until you allow it for a workspace in
            Settings, Security, Connected apps, where you can also revoke it at any time. You will
            be sent back to <bdi>{backTo}</bdi>.
          </Trans>
        </p>
        {decide.error && <Notice tone="error">{cleanError(decide.error)}</Notice>}
        <div className="dialog-actions">
          <button
            type="button"
            className="button button-primary"
            disabled={decide.isPending}
            onClick={() => decide.mutate(true)}
          >
            {t`Allow`}
          </button>
          <button
            type="button"
            className="button"
            disabled={decide.isPending}
            onClick={() => decide.mutate(false)}
          >
            {t`Cancel`}
          </button>
        </div>
      </>
    )
  }

  return <CardPage title={t`Connect an app`}>{body}</CardPage>
}
