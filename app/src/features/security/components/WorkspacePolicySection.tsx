// Settings, Security: workspaces that wait for two-factor sign-in, and for owners the switch
// that requires it in their workspace.
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
  return (
    <Notice tone="warning">
      {blocked.data.map((w) => w.name).join(', ')}{' '}
      {blocked.data.length === 1 ? 'requires' : 'require'} two-factor sign-in. Add an authenticator
      app or a security key below to open {blocked.data.length === 1 ? 'it' : 'them'}.
    </Notice>
  )
}

export function WorkspacePolicySection() {
  const owned = useOwnedWorkspaces()
  const set = useSetRequireMfa()
  if (!owned.data?.length) return null
  return (
    <section className="stack" aria-labelledby="security-workspaces">
      <h3 id="security-workspaces">Workspaces you own</h3>
      {owned.data.map((w) => (
        <label key={w.id} className="checkbox-row">
          <input
            type="checkbox"
            checked={w.requireMfa}
            disabled={set.isPending}
            onChange={(e) => set.mutate({ workspaceId: w.id, required: e.target.checked })}
          />
          Require two-factor sign-in in {w.name}
        </label>
      ))}
      {set.error && <Notice tone="error">{cleanError(set.error)}</Notice>}
    </section>
  )
}
