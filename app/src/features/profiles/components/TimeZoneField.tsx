// A person's time zone (issue 68): set from their browser on first sign-in, changed here. Others
// see their local time from it (the DM header). Every zone by its name in the person's language,
// its city and its offset now; typing a city finds it (lib/time-zones.ts, as Do Not Disturb's).
import { t } from '@lingui/core/macro'
import { useMemo } from 'react'
import { formatLocale } from '../../../lib/i18n.ts'
import { zoneName, zoneOptions } from '../../../lib/time-zones.ts'
import { Select } from '../../../ui/Select.tsx'
import { browserTimeZone } from '../data/time-zone.ts'

interface Props {
  value: string | null
  disabled?: boolean
  onChange: (zone: string) => void
}

export function TimeZoneField({ value, disabled, onChange }: Props) {
  const locale = formatLocale()
  const here = browserTimeZone()
  const zones = useMemo(
    () =>
      zoneOptions(
        locale,
        new Date(),
        [value, here].filter((z) => z !== null)
      ),
    [locale, value, here]
  )
  const hereName = here ? zoneName(here, locale) : ''
  return (
    <div className="field">
      <Select
        label={t`Time zone`}
        value={value ?? ''}
        placeholder={t`Not set`}
        disabled={disabled}
        options={zones}
        onValueChange={onChange}
        hint={here === value ? t`People see your local time from it.` : undefined}
      />
      {here && here !== value && (
        <div className="field-hint">
          {t`This device is in ${hereName}.`}{' '}
          <button type="button" className="link-button" onClick={() => onChange(here)}>
            {t`Use it`}
          </button>
        </div>
      )}
    </div>
  )
}
