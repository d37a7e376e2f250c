// A message the server has not confirmed yet: sending, waiting for the network, or failed; its
// retry and discard. Focused when confirmed, its sent row takes the focus (focus-handover.ts).
import { t } from '@lingui/core/macro'
import { AttachmentView } from '../../attachments/index.ts'
import { MessageBody } from '../markdown/MessageBody.tsx'
import type { PendingMessage } from '../conversation/types.ts'
import { handOver } from './focus-handover.ts'
import type { People } from '../../../slots/message.ts'

interface PendingProps {
  pending: PendingMessage
  grouped: boolean
  people: People
  localUrls: ReadonlyMap<string, string>
  onRetry: () => void
  onDiscard: () => void
}

/** A message the server has not confirmed yet: sending, waiting for the network, or failed. */
export function PendingItem({
  pending,
  grouped,
  people,
  localUrls,
  onRetry,
  onDiscard,
}: PendingProps) {
  const label =
    pending.state === 'failed'
      ? t`Not sent`
      : pending.state === 'sending'
        ? t`Sending…`
        : navigator.onLine
          ? t`Waiting to send…`
          : t`Offline: will send when you reconnect`
  return (
    <article
      ref={(row) => () => handOver(pending.id, row!)}
      tabIndex={-1}
      className={`message message-pending message-${pending.state}${grouped ? ' message-grouped' : ''}`}
      aria-label={t`Your message, ${label}`}
      data-pending-id={pending.id}
    >
      <div className="message-gutter">{grouped ? null : people.avatarOf(people.me, 36)}</div>
      <div className="message-main">
        {!grouped && (
          <header className="message-header">
            <bdi className="message-author">{people.nameOf(people.me)}</bdi>
          </header>
        )}
        {pending.body && <MessageBody body={pending.body} resolveMention={people.resolveMention} />}
        {pending.attachments.length > 0 && (
          <div className="attachments">
            {pending.attachments.map((a) => (
              <AttachmentView key={a.id} attachment={a} localUrl={localUrls.get(a.id) ?? null} />
            ))}
          </div>
        )}
        <div className="pending-status" role={pending.state === 'failed' ? 'alert' : 'status'}>
          <span>{label}</span>
          {pending.state === 'failed' && (
            <>
              {pending.error && <span className="pending-error"> {pending.error}</span>}
              <button type="button" className="link-button" onClick={onRetry}>
                {t`Retry`}
              </button>
              <button type="button" className="link-button" onClick={onDiscard}>
                {t`Discard`}
              </button>
            </>
          )}
        </div>
      </div>
    </article>
  )
}
