import { useMemo, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { filterByName } from '../../../lib/name-match.ts'
import { ShowMore, useGrowing } from '../../../ui/show-more.tsx'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { PersonName } from '../../../ui/PersonName.tsx'
import { useChangeRole, useRemoveMember } from '../data/workspace-mutations.ts'
import { GuestKindSelect } from './GuestKindSelect.tsx'
import type { Member, Role } from '../data/types.ts'

export interface MembersDialogProps {
  workspaceId: string
  members: Member[]
  me: string
  myRole: Role
  open: boolean
  onClose: () => void
}

/**
 * The workspace's people, found by name, a page at a time; owners and admins change roles and
 * remove people here.
 */
export function MembersDialog({
  workspaceId,
  members,
  me,
  myRole,
  open,
  onClose,
}: MembersDialogProps) {
  const changeRole = useChangeRole(workspaceId)
  const remove = useRemoveMember(workspaceId)
  const error = changeRole.error ?? remove.error
  const canManage = myRole === 'owner' || myRole === 'admin'
  const [query, setQuery] = useState('')
  const found = useMemo(() => filterByName(members, query, (m) => m.displayName), [members, query])
  const page = useGrowing(found, query)
  return (
    <Dialog title="Workspace members" open={open} onClose={onClose}>
      <div className="stack">
        {error && <Notice tone="error">{cleanError(error)}</Notice>}
        <input
          type="search"
          aria-label="Find people"
          placeholder={`Find people (${members.length.toLocaleString()})`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {found.length === 0 && <p className="muted">Nobody matches.</p>}
        <ul className="member-admin-list">
          {page.shown.map((m) => {
            const editable =
              canManage && m.userId !== me && (myRole === 'owner' || m.role !== 'owner')
            return (
              <li key={m.userId}>
                <PersonName userId={m.userId} name={m.displayName} status={false}>
                  {m.userId === me && <span className="muted"> (you)</span>}
                </PersonName>
                {editable ? (
                  <>
                    <select
                      aria-label={`Role of ${m.displayName}`}
                      value={m.role}
                      onChange={(e) =>
                        changeRole.mutate({ userId: m.userId, role: e.target.value as Role })
                      }
                    >
                      {myRole === 'owner' && <option value="owner">Owner</option>}
                      <option value="admin">Admin</option>
                      <option value="member">Member</option>
                      <option value="guest">Guest</option>
                    </select>
                    {m.role === 'guest' && (
                      <GuestKindSelect
                        workspaceId={workspaceId}
                        userId={m.userId}
                        name={m.displayName}
                      />
                    )}
                    <button
                      type="button"
                      className="button button-small button-danger"
                      onClick={() => {
                        if (window.confirm(`Remove ${m.displayName} from the workspace?`))
                          remove.mutate(m.userId)
                      }}
                    >
                      Remove
                    </button>
                  </>
                ) : (
                  <span className="role-tag">{m.role}</span>
                )}
              </li>
            )
          })}
          <ShowMore rest={page.rest} onMore={page.more} />
        </ul>
      </div>
    </Dialog>
  )
}
