// Settings, Security: Connected apps. Each third-party app the person let in (through Auth's
// OAuth 2.1 server), what it may do in each of their workspaces (read, by default; read and
// write; or nothing), and Revoke, after which it reads nothing, not even with the access token it
// still holds.
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import { Trans } from '@lingui/react/macro'
import { dateLabel } from '../../../lib/date-formats.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { useWorkspacesQuery } from '../../workspaces/index.ts'
import type { Workspace } from '../../workspaces/index.ts'
import { useConnectedApps, useRevokeApp, useSetAppAccess } from '../data/apps.ts'
import type { AppAccess, ConnectedApp } from '../data/apps.ts'

const ACCESS_LABELS: Record<AppAccess, MessageDescriptor> = {
  read: msg`Read only`,
  write: msg`Read and write`,
  none: msg`No access`,
}

export default function AppsSection() {
  const apps = useConnectedApps()
  const workspaces = useWorkspacesQuery()
  const setAccess = useSetAppAccess()
  const revoke = useRevokeApp()
  return (
    <section className="stack" aria-labelledby="security-apps">
      <h3 id="security-apps">{t`Connected apps`}</h3>
      <p className="muted">
        {t`Apps you let sign in as you. An app reads your workspaces and writes in none of them, unless you allow it here; revoked, it reads nothing from that moment.`}
      </p>
      {apps.isPending && <p className="muted">{t`Loading apps…`}</p>}
      {apps.error && <Notice tone="error">{cleanError(apps.error)}</Notice>}
      {apps.data?.length === 0 && <p className="muted">{t`No apps are connected.`}</p>}
      {apps.data && apps.data.length > 0 && (
        <ul className="security-apps" aria-label={t`Connected apps`}>
          {apps.data.map((app) => (
            <AppItem
              key={app.clientId}
              app={app}
              workspaces={workspaces.data ?? []}
              busy={setAccess.isPending || revoke.isPending}
              onAccess={(workspaceId, access) =>
                setAccess.mutate({ clientId: app.clientId, workspaceId, access })
              }
              onRevoke={() => revoke.mutate(app.clientId)}
            />
          ))}
        </ul>
      )}
      {setAccess.error && <Notice tone="error">{cleanError(setAccess.error)}</Notice>}
      {revoke.error && <Notice tone="error">{cleanError(revoke.error)}</Notice>}
      {revoke.isSuccess && <Notice tone="success">{t`The app is revoked.`}</Notice>}
    </section>
  )
}

function AppItem({
  app,
  workspaces,
  busy,
  onAccess,
  onRevoke,
}: {
  app: ConnectedApp
  workspaces: readonly Workspace[]
  busy: boolean
  onAccess: (workspaceId: string, access: AppAccess) => void
  onRevoke: () => void
}) {
  const date = dateLabel(app.grantedAt)
  const scopes = app.scopes.join(', ')
  return (
    <li aria-label={app.name} className="stack">
      <span className="security-app">
        <span>
          <strong>{app.name}</strong>
          {app.uri && <span className="muted"> · {app.uri}</span>}
        </span>
        <span className="muted">
          <Trans>
            Connected <time dateTime={app.grantedAt}>{date}</time>
          </Trans>
          {app.scopes.length > 0 && <> · {t`shares your ${scopes}`}</>}
        </span>
        <button type="button" className="button" disabled={busy} onClick={onRevoke}>
          {t`Revoke`}
        </button>
      </span>
      {workspaces.map((w) => (
        <div key={w.id} className="security-app-access">
          <Select<AppAccess>
            inline
            label={w.name}
            value={app.access[w.id] ?? 'read'}
            disabled={busy}
            onValueChange={(access) => onAccess(w.id, access)}
            options={(['read', 'write', 'none'] as const).map((access) => ({
              value: access,
              label: i18n._(ACCESS_LABELS[access]),
            }))}
          />
        </div>
      ))}
    </li>
  )
}
