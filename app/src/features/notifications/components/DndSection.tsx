// Preferences → Notifications → Do Not Disturb: a daily schedule in a time zone whose name is
// shown (and can be changed: the device's by default), the state now, and a snooze. The server's
// decisions (emails, pushes) and this device's (alerts, presence) use the zone kept with it.
import { t } from '@lingui/core/macro'
import { useMemo, useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { dateTimeLabel } from '../../../lib/date-formats.ts'
import { dayTimeOptions } from '../../../lib/day-times.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import { Select } from '../../../ui/Select.tsx'
import { Switch } from '../../../ui/Switch.tsx'
import { useNotificationMutations } from '../data/settings-changes.ts'
import { dndActive } from '../rules.ts'
import type { DoNotDisturb } from '../rules.ts'
import { deviceZone, tomorrowAt, zoneName, zoneOptions } from '../data/time-zones.ts'

/** "Snoozed until 24 Nov 2026, 08:00.", "Do Not Disturb is on now." or "Notifications are on." */
function stateOf(dnd: DoNotDisturb, now: Date): string {
  if (!dndActive(dnd, now)) return t`Notifications are on.`
  if (!dnd.snoozeUntil || Date.parse(dnd.snoozeUntil) <= now.getTime())
    return t`Do Not Disturb is on now.`
  const until = dateTimeLabel(dnd.snoozeUntil)
  return t`Snoozed until ${until}.`
}

interface Props {
  workspaceId: string
  dnd: DoNotDisturb
}

export function DndSection({ workspaceId, dnd }: Props) {
  const m = useNotificationMutations(workspaceId)
  // A schedule that was never turned on is shown in this device's zone; one that was, in its own.
  const [zone, setZone] = useState(dnd.enabled ? dnd.timeZone : deviceZone())
  const [enabled, setEnabled] = useState(dnd.enabled)
  const [start, setStart] = useState(dnd.start.slice(0, 5))
  const [end, setEnd] = useState(dnd.end.slice(0, 5))
  const locale = formatLocale()
  const zones = useMemo(() => zoneOptions(locale, new Date(), [zone]), [locale, zone])
  // Every half hour, written as the app's language writes times (not the browser's own control).
  const times = useMemo(() => dayTimeOptions(locale, [start, end]), [locale, start, end])
  // A schedule that stays off has nothing to save, whatever its times or zone show.
  const changed =
    enabled !== dnd.enabled ||
    (enabled &&
      (start !== dnd.start.slice(0, 5) || end !== dnd.end.slice(0, 5) || zone !== dnd.timeZone))
  const here = deviceZone()
  const hereName = zoneName(here, locale)
  const error = m.dnd.error ?? m.snooze.error
  return (
    <section className="preferences-section" aria-labelledby="prefs-dnd">
      <h3 id="prefs-dnd">{t`Do Not Disturb`}</h3>
      <p className="dnd-state" role="status">
        {stateOf(dnd, new Date())}
      </p>
      <div className="dnd-snooze">
        <button
          type="button"
          className="button button-small"
          onClick={() => m.snooze.mutate(new Date(Date.now() + 3600_000))}
        >
          {t`Snooze 1 hour`}
        </button>
        <button
          type="button"
          className="button button-small"
          onClick={() => m.snooze.mutate(tomorrowAt(8, zone))}
        >
          {t`Until tomorrow`}
        </button>
        {dnd.snoozeUntil && Date.parse(dnd.snoozeUntil) > Date.now() && (
          <button
            type="button"
            className="button button-small"
            onClick={() => m.snooze.mutate(null)}
          >
            {t`End snooze`}
          </button>
        )}
      </div>
      <form
        className="stack dnd-schedule"
        onSubmit={(e) => {
          e.preventDefault()
          m.dnd.mutate({ enabled, start, end, timeZone: zone })
        }}
      >
        <Switch
          label={t`Pause notifications every day`}
          hint={t`No alerts, pushes or emails between these times; they come when it ends.`}
          checked={enabled}
          onCheckedChange={setEnabled}
        />
        <div className="dnd-times">
          <Select
            label={t`From`}
            value={start}
            options={times}
            disabled={!enabled}
            onValueChange={setStart}
          />
          <Select
            label={t`To`}
            value={end}
            options={times}
            disabled={!enabled}
            onValueChange={setEnd}
          />
        </div>
        <Select
          label={t`Time zone`}
          value={zone}
          options={zones}
          onValueChange={setZone}
          hint={zone === here ? t`This device's time zone.` : t`This device is in ${hereName}.`}
        />
        <div className="dialog-actions">
          <button
            type="submit"
            className="button button-primary"
            disabled={!changed || m.dnd.isPending}
          >
            {t`Save schedule`}
          </button>
        </div>
      </form>
      {error && (
        <p role="alert" className="error">
          {cleanError(error)}
        </p>
      )}
    </section>
  )
}
