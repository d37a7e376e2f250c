// The channel's pinned messages, the latest pinned first: who wrote each and when, its text,
// a link that opens it in the channel (a reply: in its thread, at the reply), and Unpin for those
// who may. Loaded on first open.
import { t } from '@lingui/core/macro'
import { dateTimeLabel } from '../../../lib/date-formats.ts'
import { Dialog } from '../../../ui/Dialog.tsx'
import { Link } from '../../../ui/Link.tsx'
import type { Pin } from '../data/pins.ts'
import { bodyAsText } from '../../../lib/message-tokens.ts'

interface Props {
  pins: Pin[]
  title: string
  workspaceId: string
  nameOf: (userId: string) => string
  canUnpin: (messageId: string) => boolean
  onUnpin: (messageId: string) => void
  onClose: () => void
}

export default function PinnedList(props: Props) {
  const { pins, workspaceId, nameOf } = props
  return (
    <Dialog title={props.title} open onClose={props.onClose}>
      {pins.length === 0 ? (
        <p className="muted">{t`Nothing is pinned here any more.`}</p>
      ) : (
        <ul className="pinned-list">
          {pins.map((p) => (
            <li key={p.id} className="pinned-item">
              <div className="pinned-meta">
                <bdi className="message-author">{nameOf(p.message.authorId)}</bdi>{' '}
                <time dateTime={p.message.createdAt} className="muted">
                  {dateTimeLabel(p.message.createdAt)}
                </time>
              </div>
              <p className="pinned-body" dir="auto">
                {bodyAsText(p.message.body, nameOf)}
              </p>
              <div className="pinned-actions">
                <Link
                  href={`/w/${workspaceId}/c/${p.channelId}/m/${p.messageId}`}
                  onClick={props.onClose}
                >
                  {p.message.parentId ? t`Open in thread` : t`Open in channel`}
                </Link>
                {props.canUnpin(p.messageId) && (
                  <button
                    type="button"
                    className="link-button"
                    onClick={() => props.onUnpin(p.messageId)}
                  >
                    {t`Unpin`}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </Dialog>
  )
}
