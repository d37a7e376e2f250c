// The audit log's wording slot (issue 51, item 1): each feature that writes audit entries says,
// in its own audit-wording.ts, what each of its actions did, in words ("changed the role of Adam
// from member to admin": the Who column names the actor). features/audit finds every
// features/*/audit-wording.ts by itself (import.meta.glob) and names no feature's action.
import { t } from '@lingui/core/macro'

/** One action's words, from the entry's target (its label, or 'someone') and its details. */
export type AuditWords = (target: string, details: Record<string, unknown>) => string

/** A feature's audit-wording.ts default export: its actions' words, by the action's name. */
export type AuditWording = Readonly<Record<string, AuditWords>>

const said = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '?'

/** The words' helpers every wording uses. */
export const words = {
  /** A detail as text ('?' when it is missing or not text). */
  text: said,
  /** "1 message", "3 messages", "? messages". */
  count: (value: unknown, one: string, many: string): string =>
    typeof value === 'number' ? `${value} ${value === 1 ? one : many}` : `? ${many}`,
  /** "#general", or "a channel". */
  channel: (name: unknown): string => (typeof name === 'string' ? `#${name}` : t`a channel`),
  /** "#a, #b", or "some channels". */
  channels: (names: unknown): string =>
    Array.isArray(names) && names.length > 0
      ? names.map((n) => `#${said(n)}`).join(', ')
      : t`some channels`,
}
