// An event subscription's recent deliveries: time, event, status, attempts, last status code or
// error, with "Retry now" for a failed one.
import { i18n } from '@lingui/core'
import { msg, t } from '@lingui/core/macro'
import type { MessageDescriptor } from '@lingui/core'
import { cleanError } from '../../../lib/clean-error.ts'
import { Notice } from '../../../ui/Notice.tsx'
import { useEventDeliveries } from '../data/events.ts'
import type { EventDelivery, useEventChanges } from '../data/events.ts'
import { when } from './event-text.ts'

const STATUS_TEXT: Record<EventDelivery['status'], MessageDescriptor> = {
  pending: msg`Pending`,
  delivered: msg`Delivered`,
  retrying: msg`Retrying`,
  failed: msg`Failed`,
}

export function EventDeliveries(props: {
  subscriptionId: string
  changes: ReturnType<typeof useEventChanges>
}) {
  const deliveries = useEventDeliveries(props.subscriptionId)
  const { retry } = props.changes
  if (deliveries.isPending) return <p className="muted">{t`Loading deliveries…`}</p>
  if (deliveries.error) return <Notice tone="error">{cleanError(deliveries.error)}</Notice>
  if (deliveries.data.length === 0) return <p className="muted">{t`No events delivered yet.`}</p>
  return (
    <table className="event-deliveries" aria-label={t`Recent deliveries`}>
      <thead>
        <tr>
          <th scope="col">{t`Time`}</th>
          <th scope="col">{t`Event`}</th>
          <th scope="col">{t`Status`}</th>
          <th scope="col">{t`Attempts`}</th>
          <th scope="col">{t`Last answer`}</th>
          <th scope="col">
            <span className="visually-hidden">{t`Actions`}</span>
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
            <td>{i18n._(STATUS_TEXT[d.status])}</td>
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
                  {t`Retry now`}
                </button>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  )
}
