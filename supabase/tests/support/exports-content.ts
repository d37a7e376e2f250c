// A workspace's content as comparable values (exports-roundtrip.test.ts): ids replaced by what
// they stand for, so that a workspace and its export imported elsewhere compare equal.
import type { TestStack } from '../../../backend/test/support/stack.ts'

interface MessageRow {
  id: string
  channel_id: string
  author_id: string | null
  body: string
  parent_id: string | null
  created_at: Date
  edited_at: Date | null
}

/** A workspace's content as comparable values: ids replaced by what they stand for. */
export async function contentOf(stack: TestStack, workspace: string) {
  const channels = await stack.sql<{ id: string; name: string | null; kind: string }[]>`
    select id, name, kind from public.channels where workspace_id = ${workspace}`
  const channelOf = new Map(channels.map((c) => [c.id, c]))
  const messages = await stack.sql<MessageRow[]>`
    select m.id, m.channel_id, m.author_id, m.body, m.parent_id, m.created_at, m.edited_at
    from public.messages m join public.channels c on c.id = m.channel_id
    where c.workspace_id = ${workspace} and m.deleted_at is null order by m.created_at, m.id`
  const bodyOf = new Map(messages.map((m) => [m.id, m.body]))
  const reactions = await stack.sql<{ message_id: string; user_id: string; emoji: string }[]>`
    select r.message_id, r.user_id, r.emoji from public.reactions r
    join public.messages m on m.id = r.message_id join public.channels c on c.id = m.channel_id
    where c.workspace_id = ${workspace} order by r.emoji, r.user_id`
  const members = await stack.sql<{ channel_id: string; user_id: string }[]>`
    select cm.channel_id, cm.user_id from public.channel_members cm
    join public.channels c on c.id = cm.channel_id where c.workspace_id = ${workspace}`
  const files = await stack.sql<{ message_id: string; path: string; name: string; size: number }[]>`
    select a.message_id, a.path, a.name, a.size::int from public.attachments a
    join public.channels c on c.id = a.channel_id where c.workspace_id = ${workspace}
    order by a.name`
  const place = (channelId: string) => {
    const c = channelOf.get(channelId)!
    if (c.kind !== 'dm') return `${c.kind}:${c.name}`
    const people = members
      .filter((m) => m.channel_id === channelId)
      .map((m) => m.user_id)
      .sort()
    return `dm:${people.join('+')}`
  }
  return {
    messages: messages.map((m) => ({
      place: place(m.channel_id),
      author: m.author_id,
      body: m.body,
      parent: m.parent_id ? bodyOf.get(m.parent_id) : null,
      at: m.created_at.toISOString(),
      edited: m.edited_at?.toISOString() ?? null,
    })),
    reactions: reactions.map((r) => `${bodyOf.get(r.message_id)} ${r.user_id} ${r.emoji}`).sort(),
    rosters: [
      ...new Set(
        channels
          .filter((c) => c.kind !== 'dm')
          .map((c) => {
            const people = members.filter((m) => m.channel_id === c.id).map((m) => m.user_id)
            return `${place(c.id)}: ${people.sort().join(',')}`
          })
      ),
    ].sort(),
    files: files.map((f) => ({
      message: bodyOf.get(f.message_id),
      name: f.name,
      size: f.size,
      path: f.path,
    })),
  }
}
