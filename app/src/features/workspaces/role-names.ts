// A role in words, in the app's language: as a label (a menu's option, a member's tag: "Member")
// and inside a sentence (the audit log's "joined as member").
import { i18n } from '@lingui/core'
import type { MessageDescriptor } from '@lingui/core'
import { msg } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { Role } from './data/types.ts'

const LABELS: Record<Role, MessageDescriptor> = {
  owner: msg`Owner`,
  admin: msg`Admin`,
  member: msg`Member`,
  guest: msg`Guest`,
}

const IN_A_SENTENCE: Record<Role, MessageDescriptor> = {
  owner: msg`owner`,
  admin: msg`admin`,
  member: msg`member`,
  guest: msg`guest`,
}

const isRole = (value: unknown): value is Role => typeof value === 'string' && value in LABELS

/** "Member": an option of a role menu, a member's tag. */
export function roleLabel(role: Role): string {
  return i18n._(LABELS[role])
}

/** "member", inside a sentence; a value that is no role as it is ('?' when missing). */
export function roleWord(role: unknown): string {
  return isRole(role) ? i18n._(IN_A_SENTENCE[role]) : words.text(role)
}
