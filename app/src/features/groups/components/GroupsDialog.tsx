// Settings, Groups (a lazy chunk, from the workspace menu): the workspace's user groups, mentioned
// as @handle to notify their members. Everyone sees them and joins or leaves; owners and admins
// make and delete them (with their first members); owners choose who may use @channel, @here and
// @everyone.
import { plural, t } from '@lingui/core/macro'
import { useState } from 'react'
import type { FormEvent } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { memberName } from '../../../lib/member-name.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Field } from '../../../ui/Field.tsx'
import { Notice } from '../../../ui/Notice.tsx'
import { PeoplePicker } from '../../../ui/PeoplePicker.tsx'
import { Select } from '../../../ui/Select.tsx'
import type { Member } from '../../workspaces/index.ts'
import { useBroadcastPolicy, useGroupChanges, useGroups, useGroupsLive } from '../data/groups.ts'
import type { BroadcastPolicy, Group } from '../data/groups.ts'
import './groups.css'
import { confirmed } from '../../../ui/layers.ts'

export interface Props {
  workspaceId: string
  me: string
  members: Member[]
  isAdmin: boolean
  isOwner: boolean
  open: boolean
  onClose: () => void
}

export default function GroupsDialog(props: Props) {
  const { workspaceId, me, members, isAdmin, isOwner, open, onClose } = props
  const groups = useGroups(workspaceId)
  useGroupsLive(workspaceId)
  const policy = useBroadcastPolicy(workspaceId)
  const changes = useGroupChanges(workspaceId)
  const [handle, setHandle] = useState('')
  const [name, setName] = useState('')
  const [description, setDescription] = useState('')
  const [picked, setPicked] = useState<string[]>([])
  const nameOf = (id: string) => memberName(members, id)
  const error =
    changes.create.error ??
    changes.remove.error ??
    changes.join.error ??
    changes.leave.error ??
    changes.policy.error ??
    changes.warning.error

  const submit = (e: FormEvent) => {
    e.preventDefault()
    changes.create.mutate(
      { handle, name, description, userIds: picked },
      {
        onSuccess: () => {
          setHandle('')
          setName('')
          setDescription('')
          setPicked([])
        },
      }
    )
  }

  return (
    <Dialog title={t`Groups`} open={open} onClose={onClose} wide>
      <p className="muted">
        {t`Mention a group as @handle to notify everyone in it who is in the channel.`}
      </p>
      {error && <Notice tone="error">{cleanError(error)}</Notice>}
      {groups.error && <Notice tone="error">{cleanError(groups.error)}</Notice>}
      {groups.isPending && <p className="muted">{t`Loading groups…`}</p>}
      {groups.data?.length === 0 && <p className="muted">{t`No groups yet.`}</p>}
      {(groups.data?.length ?? 0) > 0 && (
        <ul className="group-list" aria-label={t`Groups`}>
          {groups.data!.map((g) => (
            <GroupItem
              key={g.id}
              group={g}
              me={me}
              isAdmin={isAdmin}
              names={g.memberIds.map(nameOf)}
              busy={changes.join.isPending || changes.leave.isPending || changes.remove.isPending}
              onJoin={() => changes.join.mutate({ groupId: g.id, userId: me })}
              onLeave={() => changes.leave.mutate({ groupId: g.id, userId: me })}
              onDelete={() => {
                const group = g.handle
                void confirmed({
                  title: t`Delete group`,
                  body: t`Delete @${group}? Mentions of it stop notifying anyone.`,
                  confirm: t`Delete`,
                  danger: true,
                }).then((ok) => ok && changes.remove.mutate(g.id))
              }}
            />
          ))}
        </ul>
      )}
      {isAdmin && (
        <form className="stack" onSubmit={submit} noValidate aria-label={t`New group`}>
          <h3>{t`New group`}</h3>
          <Field
            label={t`Handle`}
            placeholder="design"
            value={handle}
            maxLength={31}
            onChange={(e) => setHandle(e.target.value)}
          />
          <Field
            label={t`Name`}
            value={name}
            maxLength={80}
            onChange={(e) => setName(e.target.value)}
          />
          <Field
            label={t`Description (optional)`}
            value={description}
            maxLength={250}
            onChange={(e) => setDescription(e.target.value)}
          />
          <PeoplePicker
            label={t`Members`}
            people={members.map((m) => ({ id: m.userId, name: m.displayName }))}
            selected={picked}
            onChange={setPicked}
          />
          <button
            type="submit"
            className="button button-primary"
            disabled={!handle.trim() || !name.trim() || changes.create.isPending}
          >
            {t`Create group`}
          </button>
        </form>
      )}
      {isOwner && policy.data && (
        <>
          <Select<BroadcastPolicy>
            label={t`Who can use @channel, @here and @everyone`}
            value={policy.data.who}
            disabled={changes.policy.isPending}
            onValueChange={(who) => changes.policy.mutate(who)}
            options={[
              { value: 'everyone', label: t`Everyone` },
              { value: 'admins', label: t`Only owners and admins` },
            ]}
          />
          <Select
            label={t`Ask before a mention notifies more than`}
            value={String(policy.data.warnOver ?? 'never')}
            disabled={changes.warning.isPending}
            onValueChange={(v) => changes.warning.mutate(v === 'never' ? null : Number(v))}
            options={[
              ...warnChoices(policy.data.warnOver).map((count) => ({
                value: String(count),
                label: plural(count, { one: '# person', other: '# people' }),
              })),
              { value: 'never', label: t`Never ask` },
            ]}
          />
        </>
      )}
    </Dialog>
  )
}

const WARN_CHOICES = [1, 2, 5, 10, 20, 50, 100, 500, 1000]

/** The usual thresholds, and the workspace's own when it is another. */
function warnChoices(current: number | null): number[] {
  return current === null || WARN_CHOICES.includes(current)
    ? WARN_CHOICES
    : [...WARN_CHOICES, current].sort((a, b) => a - b)
}

function GroupItem(props: {
  group: Group
  me: string
  isAdmin: boolean
  names: string[]
  busy: boolean
  onJoin: () => void
  onLeave: () => void
  onDelete: () => void
}) {
  const { group: g, busy } = props
  const mine = g.memberIds.includes(props.me)
  const count = g.memberIds.length
  return (
    <li className="group-item" aria-label={`@${g.handle}`}>
      <div>
        <strong>@{g.handle}</strong> <bdi>{g.name}</bdi>
        <span className="muted"> · {plural(count, { one: '# member', other: '# members' })}</span>
      </div>
      {g.description && <div className="muted">{g.description}</div>}
      {props.names.length > 0 && <div className="muted">{props.names.join(', ')}</div>}
      <div className="group-actions">
        {mine ? (
          <button type="button" className="link-button" disabled={busy} onClick={props.onLeave}>
            {t`Leave`}
          </button>
        ) : (
          <button type="button" className="link-button" disabled={busy} onClick={props.onJoin}>
            {t`Join`}
          </button>
        )}
        {props.isAdmin && (
          <button
            type="button"
            className="link-button danger"
            disabled={busy}
            onClick={props.onDelete}
          >
            {t`Delete`}
          </button>
        )}
      </div>
    </li>
  )
}
