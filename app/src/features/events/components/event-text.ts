// How the outgoing events' section writes an event type (its label), a time and a list.
import { i18n } from '@lingui/core'
import { formatLocale } from '../../../lib/i18n.ts'
import { dateAndSecondsLabel } from '../../../lib/date-formats.ts'
import { EVENT_TYPES } from '../data/events.ts'

export const labelOf = (type: string) => {
  const known = EVENT_TYPES.find((e) => e.id === type)
  return known ? i18n._(known.label) : type
}
export const when = (iso: string) => dateAndSecondsLabel(iso)
/** "a, b, c" in the app's language. */
export const listOf = (items: string[]) =>
  new Intl.ListFormat(formatLocale(), { style: 'short', type: 'unit' }).format(items)
