// What an audit entry says happened, in words (pure): the Who column names the actor, this the
// rest ("changed Adam's role from member to admin"). The words are each feature's own
// (slots/audit.ts: features/*/audit-wording.ts, found at build time by import.meta.glob, eager):
// nothing here names an action. An action no feature words (a newer server) is shown by its
// name, never dropped.
import { msg, t } from '@lingui/core/macro'
import type { AuditWording, AuditWords } from '../../../slots/audit.ts'

export interface AuditEntryText {
  action: string
  targetLabel: string | null
  details: Record<string, unknown>
}

/** The filter groups of the log, each some prefixes of the actions' names (labels: i18n._). */
export const ACTION_GROUPS = [
  { id: 'member', label: msg`Members and roles`, prefixes: ['member', 'guest'] },
  { id: 'invite', label: msg`Invitations`, prefixes: ['invite'] },
  { id: 'channel', label: msg`Channels`, prefixes: ['channel'] },
  {
    id: 'integration',
    label: msg`Integrations`,
    prefixes: ['webhook', 'bot', 'command', 'events'],
  },
  { id: 'group', label: msg`Groups`, prefixes: ['group'] },
  { id: 'retention', label: msg`Retention`, prefixes: ['retention'] },
  { id: 'import', label: msg`Imports`, prefixes: ['import'] },
  { id: 'export', label: msg`Exports`, prefixes: ['export'] },
  { id: 'moderation', label: msg`Moderation`, prefixes: ['report', 'message'] },
  { id: 'workspace', label: msg`Workspace settings`, prefixes: ['workspace'] },
] as const

export type ActionGroup = (typeof ACTION_GROUPS)[number]['id']

const found = import.meta.glob<AuditWording>('../../*/audit-wording.ts', {
  eager: true,
  import: 'default',
})

/** Every feature's actions' words, by the action's name. */
export const auditWords: ReadonlyMap<string, AuditWords> = new Map(
  Object.values(found).flatMap((wording) => Object.entries(wording))
)

export function describeEntry(entry: AuditEntryText): string {
  const words = auditWords.get(entry.action)
  if (words) return words(entry.targetLabel ?? t`someone`, entry.details)
  return entry.targetLabel ? `${entry.action} (${entry.targetLabel})` : entry.action
}
