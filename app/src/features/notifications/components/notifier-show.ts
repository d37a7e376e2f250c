// The notifier's notifications (the machine's `show` and `show-reply` effects): the title names
// the channel (a direct message of another workspace by its author) and the workspace when it is
// not the open one; the text names the people it mentions; a click focuses the tab and opens the
// message (its permalink), in its own workspace.
import { t } from '@lingui/core/macro'
import { mentionedIds } from '../../../lib/message-tokens.ts'
import { navigate } from '../../../lib/router.ts'
import { fetchDisplayName, fetchDisplayNames } from '../data/memberships.ts'
import type { NewMessage } from '../data/new-messages.ts'
import type { Reply, ThreadReplyEvent } from '../data/thread-replies.ts'
import { notificationText } from './notification-text.ts'
import type { Source } from './notifier-machine.ts'

function show(title: string, body: string, names: Map<string, string>, tag: string, to: string) {
  const n = new Notification(title, { body: notificationText(body, names), tag })
  n.onclick = () => {
    window.focus()
    navigate(to)
    n.close()
  }
}

export async function showMessage(source: Source, m: NewMessage): Promise<void> {
  const { channel } = source
  let label = channel.label
  if (source.workspaceName !== null) {
    // Not the open workspace: a direct message is titled by its author, and the workspace named.
    if (channel.kind === 'dm') label = (await fetchDisplayName(m.authorId)) ?? t`Direct message`
    label = `${label} · ${source.workspaceName}`
  }
  const names = await fetchDisplayNames(mentionedIds(m.body))
  show(label, m.body, names, m.id, `/w/${source.workspaceId}/c/${channel.id}/m/${m.id}`)
}

export async function showReply(
  event: ThreadReplyEvent,
  reply: Reply,
  /** The channel's label in the open workspace's list, if it is the open one. */
  openLabel: string | undefined,
  /** The workspace's name when it is not the open one. */
  workspaceName: string | null
): Promise<void> {
  let label = openLabel
  if (label === undefined) {
    label =
      event.kind === 'dm'
        ? ((await fetchDisplayName(reply.authorId)) ?? t`Direct message`)
        : (reply.channelName ?? t`a channel`)
  }
  const names = await fetchDisplayNames(mentionedIds(reply.body))
  const to = `/w/${event.workspaceId}/c/${event.channelId}/m/${reply.id}`
  const title = workspaceName ? t`Thread in ${label} · ${workspaceName}` : t`Thread in ${label}`
  show(title, reply.body, names, reply.id, to)
}
