import { t } from '@lingui/core/macro'
import { useMemo, useState } from 'react'
import { formatLocale } from '../../../lib/i18n.ts'
import { cleanError } from '../../../lib/clean-error.ts'
import { filterByName } from '../../../lib/name-match.ts'
import { ShowMore, useGrowing } from '../../../ui/show-more.tsx'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { Select } from '../../../ui/Select.tsx'
import { PersonListScope, PersonName } from '../../../ui/PersonName.tsx'
import { useChangeRole, useRemoveMember } from '../data/workspace-mutations.ts'
import { GuestKindSelect } from './GuestKindSelect.tsx'
import type { Member, Role } from '../data/types.ts'
import { roleLabel } from '../role-names.ts'
import { confirmed } from '../../../ui/layers.ts'

/** The roles a member may be given, highest first (only an owner makes an owner). */
const ROLES: readonly Role[] = ['owner', 'admin', 'member', 'guest']

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
  const count = members.length.toLocaleString(formatLocale())
  return (
    <Dialog title={t`Workspace members`} open={open} onClose={onClose}>
      <div className="stack">
        {error && <Notice tone="error">{cleanError(error)}</Notice>}
        <input
          type="search"
          aria-label={t`Find people`}
          placeholder={t`Find people (${count})`}
          value={query}
          onChange={(e) => setQuery(e.target.value)}
        />
        {found.length === 0 && <p className="muted">{t`Nobody matches.`}</p>}
        <PersonListScope>
          <ul className="member-admin-list">
            {page.shown.map((m) => {
              const editable =
                canManage && m.userId !== me && (myRole === 'owner' || m.role !== 'owner')
              const name = m.displayName
              return (
                <li key={m.userId}>
                  <PersonName userId={m.userId} name={m.displayName} status={false}>
                    {m.userId === me && <span className="muted"> {t`(you)`}</span>}
                  </PersonName>
                  {editable ? (
                    <>
                      <Select<Role>
                        inline
                        hideLabel
                        label={t`Role of ${name}`}
                        value={m.role}
                        onValueChange={(role) => changeRole.mutate({ userId: m.userId, role })}
                        options={(myRole === 'owner' ? ROLES : ROLES.slice(1)).map((r) => ({
                          value: r,
                          label: roleLabel(r),
                        }))}
                      />
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
                        onClick={() =>
                          void confirmed({
                            title: t`Remove member`,
                            body: t`Remove ${name} from the workspace?`,
                            confirm: t`Remove`,
                            danger: true,
                          }).then((ok) => ok && remove.mutate(m.userId))
                        }
                      >
                        {t`Remove`}
                      </button>
                    </>
                  ) : (
                    <span className="role-tag">{roleLabel(m.role)}</span>
                  )}
                </li>
              )
            })}
            <ShowMore rest={page.rest} onMore={page.more} />
          </ul>
        </PersonListScope>
      </div>
    </Dialog>
  )
}
