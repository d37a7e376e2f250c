// Workspace settings' largest file: a number and its unit (MB or GB, SI as every size is written:
// lib/sizes.ts), from 1 MB to the server's limit, checked as it is typed; the composer refuses a
// larger file by name, and the server any upload over it.
import { t } from '@lingui/core/macro'
import { useState } from 'react'
import { cleanError } from '../../../lib/clean-error.ts'
import { formatLocale } from '../../../lib/i18n.ts'
import { formatSize } from '../../../lib/sizes.ts'
import { Select } from '../../../ui/Select.tsx'
import { MIN_FILE_LIMIT, useFileLimit } from '../data/file-limit.ts'
import { readNumber } from './read-number.ts'

const UNITS = { MB: 1_000_000, GB: 1_000_000_000 } as const
type Unit = keyof typeof UNITS

/** The unit as the language writes it ("MB", "م.ب"). */
function unitName(unit: Unit): string {
  const parts = new Intl.NumberFormat(formatLocale(), {
    style: 'unit',
    unit: unit === 'GB' ? 'gigabyte' : 'megabyte',
    unitDisplay: 'short',
  }).formatToParts(1)
  return parts.find((p) => p.type === 'unit')?.value ?? unit
}

/** How a limit reads in the field: whole gigabytes (or a size past 1 GB) in GB, else MB. */
function asField(bytes: number): { value: string; unit: Unit } {
  const unit: Unit = bytes >= UNITS.GB ? 'GB' : 'MB'
  return { value: String(Math.round((bytes / UNITS[unit]) * 1000) / 1000), unit }
}

export function FileLimit({ workspaceId }: { workspaceId: string }) {
  const limit = useFileLimit(workspaceId)
  if (limit.current === undefined || limit.ceiling === undefined) {
    return limit.error ? (
      <p role="alert" className="field-error">
        {cleanError(limit.error)}
      </p>
    ) : null
  }
  return (
    <FileLimitForm
      key={limit.current}
      current={limit.current}
      ceiling={limit.ceiling}
      set={limit.set}
    />
  )
}

function FileLimitForm({
  current,
  ceiling,
  set,
}: {
  current: number
  ceiling: number
  set: ReturnType<typeof useFileLimit>['set']
}) {
  const [field, setField] = useState(() => asField(current))
  const n = Number(readNumber(field.value))
  const bytes = Math.round(n * UNITS[field.unit])
  const invalid =
    field.value.trim() === '' || !Number.isFinite(n) || bytes < MIN_FILE_LIMIT || bytes > ceiling
  const min = formatSize(MIN_FILE_LIMIT)
  const max = formatSize(ceiling)
  const now = formatSize(current)
  return (
    <form
      className="field"
      onSubmit={(e) => {
        e.preventDefault()
        if (!invalid) set.mutate(bytes)
      }}
    >
      <label htmlFor="ws-file-limit">{t`Largest file people can share`}</label>
      <div className="email-delay-row">
        <input
          id="ws-file-limit"
          type="text"
          inputMode="decimal"
          value={field.value}
          aria-invalid={invalid || undefined}
          aria-describedby="ws-file-limit-hint"
          onChange={(e) => setField({ ...field, value: e.target.value })}
        />
        <Select
          inline
          hideLabel
          label={t`Unit`}
          value={field.unit}
          onValueChange={(unit) => setField({ ...field, unit })}
          options={(Object.keys(UNITS) as Unit[]).map((unit) => ({
            value: unit,
            label: unitName(unit),
          }))}
        />
        <button
          type="submit"
          className="button"
          disabled={invalid || bytes === current || set.isPending}
        >
          {t`Save`}
        </button>
      </div>
      <div id="ws-file-limit-hint" className={invalid ? 'field-error' : 'field-hint'}>
        {invalid
          ? t`Enter a size from ${min} to ${max}, the server's limit.`
          : t`Now ${now}; larger files are refused.`}
      </div>
      {set.error && (
        <div role="alert" className="field-error">
          {cleanError(set.error)}
        </div>
      )}
    </form>
  )
}
