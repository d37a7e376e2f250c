// What the composer says after a message mentions people who are not in the channel (found among
// the words its mentions left as text): they were not notified, and, as Slack offers, "Add them"
// to the channel (within its rules: the server refuses where the sender may not add people),
// "Let them know" (a public channel only: the mention goes to their Activity, which opens the
// channel's preview) or "Do nothing". A chunk of its own, loaded when it is said.
import { plural, t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { useChannelMutations, useChannelsQuery } from '../../channels/index.ts'
import { useTellMutation } from '../data/tell.ts'
import type { Mentionable } from '../mentions.ts'

interface Props {
  outside: Mentionable[]
  channelName: string
  /** The channel the message went to; without it (no workspace) nothing is offered. */
  scope?: { workspaceId: string; channelId: string }
  /** The message sent (its id, made by the composer). */
  messageId: string
  onDone: () => void
}

/** The people a sent message's `@words` left as text name who are not in the channel (pure):
 *  "@Ana" names a workspace member whose name is or starts with Ana, unless she is in it. */
export function outsidePeople(
  unknown: readonly string[],
  workspacePeople: readonly Mentionable[],
  members: readonly Mentionable[]
): Mentionable[] {
  return unknown
    .map((word) => workspacePeople.find((p) => p.name.split(/\s+/)[0] === word || p.name === word))
    .filter((p): p is Mentionable => !!p && !members.some((m) => m.id === p.id))
}

/** The prompt for the composer's notice, or null when everyone named is in the channel;
 *  `show(null)` takes it away. */
export function outsideWarning(
  outside: Mentionable[],
  channelName: string,
  scope: Props['scope'],
  show: (notice: null) => void,
  messageId: string
) {
  if (outside.length === 0) return null
  return (
    <OutsidePrompt
      outside={outside}
      channelName={channelName}
      scope={scope}
      messageId={messageId}
      onDone={() => show(null)}
    />
  )
}

function OutsidePrompt({ outside, channelName, scope, messageId, onDone }: Props) {
  const workspaceId = scope?.workspaceId ?? ''
  const { add } = useChannelMutations(workspaceId)
  const tell = useTellMutation()
  const channels = useChannelsQuery(workspaceId)
  const isPublic = channels.data?.find((c) => c.id === scope?.channelId)?.kind === 'public'
  const [done, setDone] = useState<'added' | 'told' | null>(null)
  const who = outside.map((p) => p.name).join(', ')
  const channel = `#${channelName}`
  const count = outside.length
  if (done === 'added') return <>{t`Added ${who} to ${channel}.`}</>
  if (done === 'told') return <>{t`${who} will find your message in their Activity.`}</>
  const error = add.error ?? tell.error
  return (
    <>
      <span>
        {isPublic
          ? plural(count, {
              one: `${who} is not in ${channel} and was not notified.`,
              other: `${who} are not in ${channel} and were not notified.`,
            })
          : plural(count, {
              one: `${who} is not in ${channel} and will not be notified. Add them to the channel to mention them.`,
              other: `${who} are not in ${channel} and will not be notified. Add them to the channel to mention them.`,
            })}
      </span>
      {scope && (
        <span className="notice-actions">
          <button
            type="button"
            className="button button-small"
            disabled={add.isPending}
            onClick={() =>
              add.mutate(
                { channelId: scope.channelId, userIds: outside.map((p) => p.id) },
                { onSuccess: () => setDone('added') }
              )
            }
          >
            {t`Add them to ${channel}`}
          </button>
          {isPublic && (
            <button
              type="button"
              className="button button-small"
              disabled={tell.isPending}
              onClick={() =>
                tell.mutate(
                  { messageId, userIds: outside.map((p) => p.id) },
                  { onSuccess: () => setDone('told') }
                )
              }
            >
              {t`Let them know`}
            </button>
          )}
          <button type="button" className="button button-small button-secondary" onClick={onDone}>
            {t`Do nothing`}
          </button>
        </span>
      )}
      {error && <span className="field-error">{cleanError(error)}</span>}
    </>
  )
}
