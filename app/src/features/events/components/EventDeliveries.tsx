// An event subscription's recent deliveries: time, event, status, attempts, last status code or
// error, with "Retry now" for a failed one.
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import { useEventDeliveries } from '../data/events.ts'
import type { EventDelivery, useEventChanges } from '../data/events.ts'
import { when } from './event-text.ts'

const STATUS_TEXT: Record<EventDelivery['status'], string> = {
  pending: 'Pending',
  delivered: 'Delivered',
  retrying: 'Retrying',
  failed: 'Failed',
}

export function EventDeliveries(props: {
  subscriptionId: string
  changes: ReturnType<typeof useEventChanges>
}) {
  const deliveries = useEventDeliveries(props.subscriptionId)
  const { retry } = props.changes
  if (deliveries.isPending) return <p className="muted">Loading deliveries…</p>
  if (deliveries.error) return <Notice tone="error">{cleanError(deliveries.error)}</Notice>
  if (deliveries.data.length === 0) return <p className="muted">No events delivered yet.</p>
  return (
    <table className="event-deliveries" aria-label="Recent deliveries">
      <thead>
        <tr>
          <th scope="col">Time</th>
          <th scope="col">Event</th>
          <th scope="col">Status</th>
          <th scope="col">Attempts</th>
          <th scope="col">Last answer</th>
          <th scope="col">
            <span className="visually-hidden">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {deliveries.data.map((d) => (
          <tr key={d.id} data-status={d.status}>
            <td>{when(d.createdAt)}</td>
            <td>
              <code>{d.eventType}</code>
            </td>
            <td>{STATUS_TEXT[d.status]}</td>
            <td>{d.attempts}</td>
            <td>{[d.lastStatusCode, d.lastError].filter((x) => x != null).join(' · ') || '–'}</td>
            <td>
              {d.status === 'failed' && (
                <button
                  type="button"
                  className="link-button"
                  disabled={retry.isPending}
                  onClick={() => retry.mutate({ id: d.id, subscriptionId: props.subscriptionId })}
                >
                  Retry now
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
