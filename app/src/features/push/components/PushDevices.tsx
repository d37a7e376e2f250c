// Settings → Notifications: push on this person's devices. Each device with push on is listed
// with its name, when it was last sent a push, a test button and remove; "Turn on push for this
// device" subscribes this browser (data/devices.ts). Below, the workspace's "hide message text".
// Part of the notification settings' lazy chunk.
import { t } from '@lingui/core/macro'
import { cleanError } from '../../../lib/clean-error.ts'
import { dateTimeLabel } from '../../../lib/date-formats.ts'
import { deviceName, pushSupported, usePushDevices } from '../data/devices.ts'
import { useHideContent } from '../data/hide-content.ts'

function when(iso: string | null): string {
  if (!iso) return t`not used yet`
  const used = dateTimeLabel(iso)
  return t`last used ${used}`
}

export function PushDevices({ workspaceId }: { workspaceId: string }) {
  const { devices, here, turnOn, remove, test } = usePushDevices()
  const { hidden, set } = useHideContent(workspaceId)
  const list = devices.data ?? []
  const onHere = here.data != null && list.some((d) => d.endpoint === here.data)
  const error = turnOn.error ?? remove.error ?? test.error ?? set.error ?? devices.error
  return (
    <fieldset>
      <legend>{t`Push notifications on your devices`}</legend>
      {!pushSupported() ? (
        <p className="muted">
          {t`This browser cannot take push notifications. On an iPhone or iPad, add Chorus to the Home Screen and open it from there.`}
        </p>
      ) : onHere ? (
        <p>{t`Push is on for this device.`}</p>
      ) : (
        <button
          type="button"
          className="button"
          disabled={turnOn.isPending}
          onClick={() => turnOn.mutate(deviceName(navigator.userAgent))}
        >
          {t`Turn on push for this device`}
        </button>
      )}
      {list.length > 0 && (
        <ul aria-label={t`Devices with push`} className="stack">
          {list.map((d) => {
            const device = d.name
            return (
              <li key={d.id}>
                <strong>{d.name}</strong>
                {d.endpoint === here.data ? ` ${t`(this device)`}` : ''}{' '}
                <span className="muted">{when(d.lastUsedAt)}</span>{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={t`Send a test push to ${device}`}
                  onClick={() => test.mutate(d.id)}
                >
                  {t`Test`}
                </button>{' '}
                <button
                  type="button"
                  className="link-button"
                  aria-label={t`Remove ${device}`}
                  onClick={() => remove.mutate(d)}
                >
                  {t`Remove`}
                </button>
                {test.data === d.id && <span className="muted"> {t`Test sent.`}</span>}
              </li>
            )
          })}
        </ul>
      )}
      {hidden.data !== undefined && (
        <label>
          <input
            type="checkbox"
            checked={hidden.data}
            onChange={(e) => set.mutate(e.target.checked)}
          />{' '}
          {t`Workspace: hide message text in notifications (sender and channel only)`}
        </label>
      )}
      {error && (
        <p role="alert" className="error">
          {cleanError(error)}
        </p>
      )}
    </fieldset>
  )
}
