// The RLS matrix: for every table, kind of row and operation, which roles may do it (and for the
// RPCs that act outside the public tables, who may call them to effect). Every role not listed is
// refused. The same data drives the SQL, REST, Realtime and Storage checks. The cases are kept by
// subject in matrix-<subject>.ts, their shapes and helpers in matrix-kit.ts.
import { APP_CASES } from './matrix-apps.ts'
import { AUDIT_CASES } from './matrix-audit.ts'
import { BOT_CASES } from './matrix-bots.ts'
import { CUSTOM_EMOJI_CASES } from './matrix-custom-emoji.ts'
import { EVENT_CASES } from './matrix-events.ts'
import { EXPORT_CASES } from './matrix-exports.ts'
import { FORWARD_CASES } from './matrix-forwards.ts'
import { GROUP_CASES } from './matrix-groups.ts'
import { IMPORT_CASES } from './matrix-imports.ts'
import { INVITE_MAIL_CASES } from './matrix-workspaces-invite.ts'
import { INTEGRATION_CASES } from './matrix-webhooks.ts'
import { LINK_PREVIEW_CASES } from './matrix-link-previews.ts'
import type { MatrixCase } from './matrix-kit.ts'
import { MESSAGE_CASES } from './matrix-messages.ts'
import { MODERATION_CASES } from './matrix-moderation.ts'
import { PERSONAL_CASES } from './matrix-personal.ts'
import { PLACEHOLDER_CASES } from './matrix-placeholders.ts'
import { POLL_CASES } from './matrix-polls.ts'
import { POSTING_CASES } from './matrix-posting.ts'
import { RETENTION_CASES } from './matrix-retention.ts'
import { TOPIC_CASES } from './matrix-realtime.ts'
import { SLASH_COMMAND_CASES } from './matrix-slash-commands.ts'
import { STORAGE_CASES } from './matrix-storage.ts'
import { WORKSPACE_CASES } from './matrix-workspace.ts'
import type { Role } from './world.ts'

export type { CallCase, MatrixCase, MatrixContext, Op, RowCase, TopicCase } from './matrix-kit.ts'

export const MATRIX: readonly MatrixCase[] = [
  ...WORKSPACE_CASES,
  ...MESSAGE_CASES,
  ...STORAGE_CASES,
  ...PERSONAL_CASES,
  ...TOPIC_CASES,
  ...INTEGRATION_CASES,
  ...AUDIT_CASES,
  ...GROUP_CASES,
  ...LINK_PREVIEW_CASES,
  ...FORWARD_CASES,
  ...SLASH_COMMAND_CASES,
  ...BOT_CASES,
  ...EVENT_CASES,
  ...RETENTION_CASES,
  ...POSTING_CASES,
  ...MODERATION_CASES,
  ...IMPORT_CASES,
  ...EXPORT_CASES,
  ...INVITE_MAIL_CASES,
  ...PLACEHOLDER_CASES,
  ...APP_CASES,
  ...POLL_CASES,
  ...CUSTOM_EMOJI_CASES,
]

export function isAllowed(c: MatrixCase, role: Role): boolean {
  return c.allowed.includes(role)
}

export function caseName(c: MatrixCase): string {
  return `${c.table} ${c.op}: ${c.what}`
}
