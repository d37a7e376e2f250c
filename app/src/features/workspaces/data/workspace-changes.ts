// What a change on the workspace's live topic or on my own means for the cached data: the
// sidebar's channels, the workspace's members, my workspaces, the channels' rosters.
import { t } from '@lingui/core/macro'
import type { QueryClient, QueryKey } from '@tanstack/react-query'
import type { LiveChange } from '../../../lib/live.ts'
import { profileKeys } from '../../profiles/index.ts'

export interface ChannelChange {
  id: string
  kind?: string
  last_seq?: number | string
  name?: string | null
  topic?: string | null
  archived_at?: string | null
  /** A move of last_seq: the last_seq before it, and the messages that made it (when few). */
  from_seq?: number | string
  new_messages?: NewMessageSummary[] | null
}

/** What a channel's move says of each new message: whom it mentions (null: too many to list). */
export interface NewMessageSummary {
  seq: number
  author_id: string | null
  mentions: string[] | null
}

/** My membership of a channel as my own topic sends it, with the counts it changes. */
export interface MembershipChange {
  channel_id: string
  last_read_seq?: number | string
  muted?: boolean
  notify_level?: string | null
  /** Not on a delete: the channel's last_seq and my counts as channel_list() counts them. */
  last_seq?: number | string
  unread_count?: number | string
  mention_count?: number | string
  /** On an insert: the channel's row. */
  channel?: Record<string, unknown> | null
}

export type Cached = 'channels' | 'browse' | 'members' | 'workspaces' | 'rosters'

export type WorkspaceEffect =
  /**
   * Patch the channel in the list (new messages, renames, topics, archiving). A public channel
   * the list does not hold is one I am not in (joining one comes as a membership); any other is
   * a gap: the list is fetched again.
   */
  | { kind: 'channel-row'; row: ChannelChange }
  /** Mine: joined (with the channel's row), left, read (with my counts), level or mute set. */
  | { kind: 'membership'; operation: LiveChange['operation']; record: MembershipChange }
  | { kind: 'refresh'; what: Cached }
  /** Someone joined or left this channel: its roster is stale. */
  | { kind: 'roster'; channelId: string }
  /** Someone's name or picture: patched where the members list and the rosters hold them. */
  | { kind: 'person'; patch: (client: QueryClient, lists: QueryKey[]) => void }

const refresh = (...what: Cached[]): WorkspaceEffect[] =>
  what.map((w) => ({ kind: 'refresh', what: w }))

/** The effects of a change; my own topic also carries changes of my other workspaces. */
export function effectsOf(change: LiveChange, workspaceId: string): WorkspaceEffect[] {
  const { record } = change
  const here = record.workspace_id === workspaceId
  switch (change.table) {
    case 'channels':
      if (!here) return []
      if (change.operation === 'UPDATE' && typeof record.id === 'string') {
        return [{ kind: 'channel-row', row: record as unknown as ChannelChange }]
      }
      // A new public channel is in nobody's list but its members' (theirs come as memberships):
      // only the channel browser's list is stale.
      if (change.operation === 'INSERT' && record.kind === 'public') return refresh('browse')
      return refresh('channels')
    case 'channel_members':
      // Mine: I was added or removed, or read (here or on another device).
      return here && typeof record.channel_id === 'string'
        ? [
            {
              kind: 'membership',
              operation: change.operation,
              record: record as unknown as MembershipChange,
            },
          ]
        : []
    case 'channel_roster':
      return typeof record.channel_id === 'string'
        ? [{ kind: 'roster', channelId: record.channel_id }]
        : []
    case 'workspace_members':
      // Joins, leaves and roles show in the members list and in every channel's roster; my
      // own membership elsewhere only in my list of workspaces.
      return here ? refresh('members', 'workspaces', 'rosters') : refresh('workspaces')
    case 'workspaces':
      return refresh('workspaces')
    case 'profiles': {
      if (typeof record.id !== 'string') return refresh('members', 'rosters')
      const id = record.id
      // The person's own profile (their time zone in a DM's header, the profile card) is read
      // again where it shows, and marked stale where it is only kept: a DM opened later must not
      // show the profile as it was before the change.
      const reread = (client: QueryClient) =>
        void client.invalidateQueries({ queryKey: profileKeys.one(id) })
      // Names and pictures show in the members list and the rosters: patched there, not
      // fetched (a roster of 5,000 is 5 requests, of every member's client).
      return typeof record.display_name === 'string'
        ? [
            {
              kind: 'person',
              patch: (client, lists) => {
                patchPerson(client, lists, {
                  id,
                  displayName: record.display_name as string,
                  avatarPath: typeof record.avatar_path === 'string' ? record.avatar_path : null,
                })
                reread(client)
              },
            },
          ]
        : [{ kind: 'person', patch: reread }, ...refresh('members', 'rosters')]
    }
    default:
      return []
  }
}

type Person = { userId: string; displayName: string; avatarPath: string | null }

/** A person's new name and picture, in every cached list of people under `prefixes`. */
function patchPerson(
  client: QueryClient,
  prefixes: QueryKey[],
  person: { id: string; displayName: string; avatarPath: string | null }
): void {
  const displayName = person.displayName.trim() || t`Unnamed`
  for (const queryKey of prefixes)
    for (const [key, rows] of client.getQueriesData<Person[]>({ queryKey }))
      if (rows?.some((p) => p.userId === person.id)) {
        client.setQueryData<Person[]>(key, (list) =>
          list?.map((p) =>
            p.userId === person.id ? { ...p, displayName, avatarPath: person.avatarPath } : p
          )
        )
        // An answer on its way was read before the change: asked again (query-client.ts's
        // patchLive, not imported: this chunk takes nothing new from the first screen's).
        if (client.getQueryState(key)?.fetchStatus === 'fetching')
          void client.refetchQueries({ queryKey: key, exact: true }, { cancelRefetch: true })
      }
}
