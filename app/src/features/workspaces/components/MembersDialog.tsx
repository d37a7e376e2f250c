import { cleanError } from '../../../lib/clean-error.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { BotBadge } from '../../bots/index.ts'
import { ImportedBadge } from '../../imports/index.ts'
import { GuestBadge } from '../../guests/index.ts'
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

/** The workspace's people; owners and admins change roles and remove people here. */
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
  return (
    <Dialog title="Workspace members" open={open} onClose={onClose}>
      <div className="stack">
        {error && <Notice tone="error">{cleanError(error)}</Notice>}
        <ul className="member-admin-list">
          {members.map((m) => {
            const editable =
              canManage && m.userId !== me && (myRole === 'owner' || m.role !== 'owner')
            return (
              <li key={m.userId}>
                <bdi>{m.displayName}</bdi>
                <BotBadge userId={m.userId} />
                <ImportedBadge userId={m.userId} />
                <GuestBadge userId={m.userId} />
                {m.userId === me && <span className="muted"> (you)</span>}
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
        </ul>
      </div>
    </Dialog>
  )
}
