// How the outgoing events' section writes an event type (its label) and a time.
import { EVENT_TYPES } from '../data/events.ts'

export const labelOf = (type: string) => EVENT_TYPES.find((t) => t.id === type)?.label ?? type
export const when = (iso: string) => new Date(iso).toLocaleString()
