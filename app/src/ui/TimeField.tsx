// A time of day picked from a list every quarter hour, as Slack's time pickers are (ui/Select:
// typing "9" or "14" jumps there), written as the app's language writes times; a time off the
// grid that was set elsewhere keeps its place. The value is "HH:MM".
import { useMemo } from 'react'
import { dayTimeOptions } from '../lib/day-times.ts'
import { formatLocale } from '../lib/i18n.ts'
import { Select } from './Select.tsx'

interface Props {
  label: string
  /** "HH:MM". */
  value: string
  onChange: (value: string) => void
  /** Minutes between two times offered (15 unless said). */
  step?: number
  hint?: string
}

export function TimeField({ label, value, onChange, step = 15, hint }: Props) {
  const locale = formatLocale()
  const options = useMemo(() => dayTimeOptions(locale, [value], step), [locale, value, step])
  return (
    <Select label={label} value={value} options={options} onValueChange={onChange} hint={hint} />
  )
}
