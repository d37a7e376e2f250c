// A forward as its readers see it: the comment is the message's own text above; under it, the
// quoted card of what was shared (the original's author with their avatar, its text rendered as a
// message body, its files) and where it came from: "From #channel · time · View message", the link
// opening the original at its place for those who may read its channel; others read that it came
// from a channel or conversation they are not in (as Slack says it).
import { t } from '@lingui/core/macro'
import type { ReactNode } from 'react'
import { fullTimeLabel } from '../../../lib/date-formats.ts'
import { Icon } from '../../../ui/Icon.tsx'
import { Link } from '../../../ui/Link.tsx'
import type { ChatMessage, People } from '../../../slots/message.ts'
import { AttachmentView } from '../../attachments/index.ts'
import { channelLabel } from '../../channels/index.ts'
import type { Channel } from '../../channels/index.ts'
import { MessageBody } from '../../messages/index.ts'
import { mayOpenOriginal, originalPath } from '../data/forward.ts'
import type { Forward } from '../data/forward.ts'
import { useForward } from '../data/forwards.ts'
import './forwards.css'

/** What a card needs to say where a forward came from and whether its link opens. */
export interface Places {
  workspaceId: string
  me: string
  /** My channels (a member), by id. */
  mine: ReadonlyMap<string, Channel>
  /** A full member (not a guest): a public channel opens as a preview. */
  mayBrowsePublic: boolean
}

/** The card under a message of the channel, if it is a forward. */
export function ForwardCardOf(props: {
  channelId: string
  message: ChatMessage
  people: People
  places: Places
}) {
  const forward = useForward(props.channelId, props.message.id)
  if (!forward) return null
  return <ForwardCard forward={forward} people={props.people} places={props.places} />
}

/** Where the original was: "From #name", "From <a DM's people>", or only what kind of place. */
export function fromLine(forward: Forward, places: Places): string {
  const channel = forward.sourceChannelId ? places.mine.get(forward.sourceChannelId) : undefined
  const where = channel
    ? channel.kind === 'dm'
      ? channelLabel(channel, places.me)
      : `#${channel.name}`
    : forward.sourceChannelKind === 'public' && forward.sourceChannelName
      ? `#${forward.sourceChannelName}`
      : null
  if (where) return t`From ${where}`
  return forward.sourceChannelKind === 'dm' ? t`From a direct message` : t`From a private channel`
}

export function ForwardCard(props: {
  forward: Forward
  people: People
  places: Places
  /** The dialog's preview: nothing to open yet. */
  preview?: boolean
}) {
  const { forward, people, places } = props
  const files = forward.files
  const author =
    forward.sourceAuthorName ??
    (forward.sourceAuthorId ? people.nameOf(forward.sourceAuthorId) : t`Someone`)
  const fromText = fromLine(forward, places)
  const when = fullTimeLabel(forward.sourceCreatedAt)
  const path = originalPath(forward)
  let from: ReactNode
  if (props.preview) {
    from = <span>{fromText}</span>
  } else if (path && mayOpenOriginal(forward, places.mine, places.mayBrowsePublic)) {
    from = (
      <>
        <span>{fromText}</span>
        <span aria-hidden="true"> · </span>
        <Link href={path} className="forward-view">
          {t`View message`}
        </Link>
      </>
    )
  } else {
    from = (
      <span className="forward-closed">
        <Icon name="lock" size={12} />{' '}
        {forward.sourceChannelKind === 'dm'
          ? t`From a direct message you are not in`
          : forward.sourceChannelKind === 'private'
            ? t`From a private channel you are not in`
            : t`${fromText}, which you cannot open`}
      </span>
    )
  }
  return (
    <figure className="forward-card" aria-label={t`Forwarded message from ${author}`}>
      <p className="forward-label">
        <Icon name="forward" size={13} /> {t`Forwarded`}
      </p>
      <div className="forward-head">
        {people.avatarOf(forward.sourceAuthorId, 20)}
        <bdi className="forward-author">{author}</bdi>
      </div>
      {forward.body && <MessageBody body={forward.body} resolveMention={people.resolveMention} />}
      {files.length > 0 && (
        <div className="forward-files">
          {files.map((a) => (
            <AttachmentView key={a.id} attachment={a} />
          ))}
        </div>
      )}
      <figcaption className="forward-from">
        {from}
        <span aria-hidden="true"> · </span>
        <time dateTime={forward.sourceCreatedAt}>{when}</time>
      </figcaption>
    </figure>
  )
}
