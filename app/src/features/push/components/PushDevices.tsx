// Preferences → Notifications → Push notifications: each of my devices with push on, with its
// name, when it was last sent a push, a test button and remove; "Turn on push for this device"
// subscribes this browser (data/devices.ts). Part of Preferences' lazy chunk. The workspace's
// "hide message text" is in Workspace settings (data/hide-content.ts).
import { t } from '@lingui/core/macro'
import { cleanError } from '../../../lib/clean-error.ts'
import { dateTimeLabel } from '../../../lib/date-formats.ts'
import { deviceName, pushSupported, usePushDevices } from '../data/devices.ts'

function when(iso: string | null): string {
  if (!iso) return t`not used yet`
  const used = dateTimeLabel(iso)
  return t`last used ${used}`
}

export function PushDevices() {
  const { devices, here, turnOn, remove, test } = usePushDevices()
  const list = devices.data ?? []
  const onHere = here.data != null && list.some((d) => d.endpoint === here.data)
  const error = turnOn.error ?? remove.error ?? test.error ?? devices.error
  return (
    <section className="preferences-section" aria-labelledby="prefs-push">
      <h3 id="prefs-push">{t`Push notifications`}</h3>
      {!pushSupported() ? (
        <p className="muted">
          {t`This browser cannot take push notifications. On an iPhone or iPad, add Chorus to the Home Screen and open it from there.`}
        </p>
      ) : onHere ? (
        <p>{t`Push is on for this device.`}</p>
      ) : (
        <div className="switch-row">
          <p className="field-hint">
            {t`Get notifications on this device even when Chorus is closed.`}
          </p>
          <button
            type="button"
            className="button"
            disabled={turnOn.isPending}
            onClick={() => turnOn.mutate(deviceName(navigator.userAgent))}
          >
            {t`Turn on push for this device`}
          </button>
        </div>
      )}
      {list.length > 0 && (
        <ul aria-label={t`Devices with push`} className="push-devices">
          {list.map((d) => {
            const device = d.name
            return (
              <li key={d.id}>
                <span className="push-device-name">
                  <strong>{d.name}</strong>
                  {d.endpoint === here.data ? ` ${t`(this device)`}` : ''}
                  <span className="field-hint">
                    {when(d.lastUsedAt)}
                    {test.data === d.id && ` · ${t`Test sent.`}`}
                  </span>
                </span>
                <button
                  type="button"
                  className="button button-small"
                  aria-label={t`Send a test push to ${device}`}
                  onClick={() => test.mutate(d.id)}
                >
                  {t`Test`}
                </button>
                <button
                  type="button"
                  className="button button-small button-danger"
                  aria-label={t`Remove ${device}`}
                  onClick={() => remove.mutate(d)}
                >
                  {t`Remove`}
                </button>
              </li>
            )
          })}
        </ul>
      )}
      {error && (
        <p role="alert" className="error">
          {cleanError(error)}
        </p>
      )}
    </section>
  )
}
