// The members panel's groups: the workspace's groups that have someone in the open channel,
// with how many of their members are here (whom mentioning the group here would notify). A lazy
// chunk under the member list; nothing shows when no group has anyone here.
import { t } from '@lingui/core/macro'
import { useGroups, useGroupsLive } from '../data/groups.ts'
import './groups.css'

export interface Props {
  workspaceId: string
  memberIds: readonly string[]
}

export default function ChannelGroups({ workspaceId, memberIds }: Props) {
  const groups = useGroups(workspaceId)
  useGroupsLive(workspaceId)
  const here = new Set(memberIds)
  const shown = (groups.data ?? [])
    .map((g) => ({ ...g, inChannel: g.memberIds.filter((id) => here.has(id)).length }))
    .filter((g) => g.inChannel > 0)
  if (shown.length === 0) return null
  return (
    <section className="channel-groups" aria-label={t`Groups in this channel`}>
      <h3>{t`Groups`}</h3>
      <ul>
        {shown.map((g) => {
          const here = g.inChannel
          const all = g.memberIds.length
          return (
            <li key={g.id} data-group-id={g.id}>
              <span className="group-handle">@{g.handle}</span>
              <span className="muted">
                {g.name} · {t`${here} of ${all} here`}
              </span>
            </li>
          )
        })}
      </ul>
    </section>
  )
}
