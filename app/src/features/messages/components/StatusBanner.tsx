// The line under a channel's header that says what its connection is doing: offline (and what
// waits to be sent), reconnecting, catching up (after a reconnect, or while a channel opened from
// the messages kept on this device waits for the server's first page), an error, or a first page
// that cannot load yet. A chunk of its own, loaded when there may be something to say
// (status-banner-slot.tsx decides): a channel that opens live never loads it.
import { plural, t } from '@lingui/core/macro'
import { useRefreshHeld } from '../../auth/index.ts'
import type { ChannelSnapshot } from '../conversation/types.ts'

export default function StatusBanner({
  snapshot,
  onRetry,
}: {
  snapshot: ChannelSnapshot
  onRetry: () => void
}) {
  const held = useRefreshHeld()
  const waiting = snapshot.pending.filter((p) => p.state !== 'failed').length
  let text: string | null = null
  let tone = 'info'
  let retry = false
  switch (snapshot.status) {
    case 'offline':
      text =
        waiting > 0
          ? plural(waiting, {
              one: 'You are offline. # message will be sent when you reconnect.',
              other: 'You are offline. # messages will be sent when you reconnect.',
            })
          : t`You are offline. Messages you write will be sent when you reconnect.`
      tone = 'warning'
      break
    case 'reconnecting':
      text = t`Reconnecting…`
      tone = 'warning'
      break
    case 'catching-up':
      text = snapshot.loaded ? t`Catching up…` : null
      break
    case 'error':
      text = snapshot.error ?? t`This channel could not be loaded.`
      tone = 'error'
      retry = true
      break
    case 'loading':
      // The first page failed, or waits for a token the server cannot give yet: say so (never a
      // bare spinner), and what waits in the outbox.
      if (snapshot.error || held) {
        text =
          waiting > 0
            ? plural(waiting, {
                one: 'Cannot reach the server. Retrying… # message will be sent when it answers.',
                other:
                  'Cannot reach the server. Retrying… # messages will be sent when it answers.',
              })
            : t`Cannot reach the server. Retrying…`
        tone = 'warning'
        retry = true
      } else if (snapshot.messages.length > 0) {
        // The messages kept on this device are on screen; the server's first page is not yet.
        text = t`Catching up…`
      }
      break
    case 'live':
      break
  }
  if (!text) return <div className="status-banner-slot" data-status={snapshot.status} />
  return (
    <div
      className={`status-banner status-${tone}`}
      role={tone === 'error' ? 'alert' : 'status'}
      data-status={snapshot.status}
    >
      {text}
      {retry && (
        <button type="button" className="link-button" onClick={onRetry}>
          {t`Try again`}
        </button>
      )}
    </div>
  )
}
