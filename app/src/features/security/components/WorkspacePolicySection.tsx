// Settings, Security: workspaces that wait for two-factor sign-in, and for owners the switch
// that requires it in their workspace.
import { plural, t } from '@lingui/core/macro'
import { formatLocale } from '../../../lib/i18n.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import {
  useBlockedWorkspaces,
  useOwnedWorkspaces,
  useSetRequireMfa,
} from '../data/workspace-policy.ts'

export function BlockedWorkspacesNotice() {
  const blocked = useBlockedWorkspaces()
  if (!blocked.data?.length) return null
  const count = blocked.data.length
  const names = new Intl.ListFormat(formatLocale(), { type: 'conjunction' }).format(
    blocked.data.map((w) => w.name)
  )
  return (
    <Notice tone="warning">
      {plural(count, {
        one: `${names} requires two-factor sign-in. Add an authenticator app or a security key below to open it.`,
        other: `${names} require two-factor sign-in. Add an authenticator app or a security key below to open them.`,
      })}
    </Notice>
  )
}

export function WorkspacePolicySection() {
  const owned = useOwnedWorkspaces()
  const set = useSetRequireMfa()
  if (!owned.data?.length) return null
  return (
    <section className="stack" aria-labelledby="security-workspaces">
      <h3 id="security-workspaces">{t`Workspaces you own`}</h3>
      {owned.data.map(({ id, name, requireMfa }) => (
        <label key={id} className="checkbox-row">
          <input
            type="checkbox"
            checked={requireMfa}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ workspaceId: id, required: e.target.checked })}
          />
          {t`Require two-factor sign-in in ${name}`}
        </label>
      ))}
      {set.error && <Notice tone="error">{cleanError(set.error)}</Notice>}
    </section>
  )
}
