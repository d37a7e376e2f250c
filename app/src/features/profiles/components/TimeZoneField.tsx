// A person's time zone (issue 68): set from their browser on first sign-in, changed here. Others
// see their local time from it (the DM header).
import { t } from '@lingui/core/macro'
import { useId, useMemo } from 'react'
import { browserTimeZone, timeZones, zoneName } from '../data/time-zone.ts'

interface Props {
  value: string | null
  disabled?: boolean
  onChange: (zone: string) => void
}

export function TimeZoneField({ value, disabled, onChange }: Props) {
  const id = useId()
  const zones = useMemo(() => timeZones(value), [value])
  const here = browserTimeZone()
  const hereName = here ? zoneName(here) : ''
  return (
    <div className="field">
      <label htmlFor={id}>{t`Time zone`}</label>
      <select
        id={id}
        value={value ?? ''}
        disabled={disabled}
        aria-describedby={here ? `${id}-hint` : undefined}
        onChange={(e) => onChange(e.target.value)}
      >
        {value === null && <option value="">{t`Not set`}</option>}
        {zones.map((zone) => (
          <option key={zone} value={zone}>
            {zoneName(zone)}
          </option>
        ))}
      </select>
      {here && (
        <div id={`${id}-hint`} className="field-hint">
          {here === value ? (
            t`People see your local time from it.`
          ) : (
            <>
              {t`This device is in ${hereName}.`}{' '}
              <button type="button" className="link-button" onClick={() => onChange(here)}>
                {t`Use it`}
              </button>
            </>
          )}
        </div>
      )}
    </div>
  )
}
