// A choice of how long messages are kept: the usual ones in a menu, or any number of days.
import { t } from '@lingui/core/macro'
import { useId, useState } from 'react'
import { Select } from '../../../ui/Select.tsx'
import { KEEP_CHOICES, MAX_KEEP_DAYS, keepLabel, parseDays } from '../data/words.ts'

interface Props {
  label: string
  /** The value chosen: days, null for forever, 'workspace' to follow the workspace. */
  value: number | null | 'workspace'
  /** Offers "As the workspace" with what that is (a channel's picker). */
  workspaceDays?: number | null
  disabled?: boolean
  onChange: (value: number | null | 'workspace') => void
}

const keyOf = (value: number | null | 'workspace') =>
  value === 'workspace' ? 'workspace' : value === null ? 'forever' : String(value)

export function KeepPicker({ label, value, workspaceDays, disabled, onChange }: Props) {
  const id = useId()
  const listed = value === 'workspace' || KEEP_CHOICES.includes(value)
  const [other, setOther] = useState(listed ? '' : String(value))
  const [typing, setTyping] = useState(!listed)
  const typed = parseDays(other)
  const max = MAX_KEEP_DAYS
  const workspacePeriod = workspaceDays ? keepLabel(workspaceDays) : null
  return (
    <div className="keep-picker">
      <Select
        inline
        hideLabel
        label={label}
        value={typing ? 'other' : keyOf(value)}
        disabled={disabled}
        onValueChange={(key) => {
          if (key === 'other') return setTyping(true)
          setTyping(false)
          onChange(key === 'workspace' ? 'workspace' : key === 'forever' ? null : Number(key))
        }}
        options={[
          ...(workspaceDays !== undefined
            ? [
                {
                  value: 'workspace',
                  label: workspacePeriod
                    ? t`As the workspace (${workspacePeriod})`
                    : t`As the workspace (forever)`,
                },
              ]
            : []),
          ...KEEP_CHOICES.map((days) => ({ value: keyOf(days), label: keepLabel(days) })),
          { value: 'other', label: t`Other number of days…` },
        ]}
      />
      {typing && (
        <span className="keep-picker-other">
          <label htmlFor={id} className="visually-hidden">
            {t`${label}: days`}
          </label>
          <input
            id={id}
            type="number"
            min={1}
            max={MAX_KEEP_DAYS}
            inputMode="numeric"
            value={other}
            disabled={disabled}
            aria-invalid={other !== '' && typed === null}
            onChange={(e) => setOther(e.target.value)}
          />
          <span aria-hidden>{t`days`}</span>
          <button
            type="button"
            className="button button-small"
            disabled={disabled || typed === null}
            onClick={() => typed !== null && onChange(typed)}
          >
            {t`Set`}
          </button>
          {other !== '' && typed === null && (
            <span className="field-error" role="alert">
              {t`A whole number of days from 1 to ${max}.`}
            </span>
          )}
        </span>
      )}
    </div>
  )
}
