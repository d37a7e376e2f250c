// What an audit entry says happened, in words (pure): the Who column names the actor, this the
// rest ("changed Adam's role from member to admin"). An action this code does not know yet (a
// newer server) is shown by its name, never dropped.
import { describeImport } from './describe-import.ts'

export interface AuditEntryText {
  action: string
  targetLabel: string | null
  details: Record<string, unknown>
}

/** The filter groups of the log, each some prefixes of the actions' names. */
export const ACTION_GROUPS = [
  { id: 'member', label: 'Members and roles', prefixes: ['member', 'guest'] },
  { id: 'invite', label: 'Invitations', prefixes: ['invite'] },
  { id: 'channel', label: 'Channels', prefixes: ['channel'] },
  { id: 'integration', label: 'Integrations', prefixes: ['webhook', 'bot', 'command', 'events'] },
  { id: 'group', label: 'Groups', prefixes: ['group'] },
  { id: 'retention', label: 'Retention', prefixes: ['retention'] },
  { id: 'import', label: 'Imports', prefixes: ['import'] },
  { id: 'export', label: 'Exports', prefixes: ['export'] },
  { id: 'moderation', label: 'Moderation', prefixes: ['report', 'message'] },
  { id: 'workspace', label: 'Workspace settings', prefixes: ['workspace'] },
] as const

export type ActionGroup = (typeof ACTION_GROUPS)[number]['id']

const text = (value: unknown): string =>
  typeof value === 'string' || typeof value === 'number' ? String(value) : '?'

const count = (value: unknown, one: string, many: string): string =>
  typeof value === 'number' ? `${value} ${value === 1 ? one : many}` : `? ${many}`

/** How long retention keeps messages: "forever" (null) or "after 90 days". */
const keeping = (days: unknown): string =>
  days === null || days === undefined ? 'forever' : `for ${count(days, 'day', 'days')}`

function describeRetention(action: string, target: string, d: Record<string, unknown>): string {
  switch (action) {
    case 'retention.changed':
      return `set the workspace to keep messages ${keeping(d.to)}`
    case 'retention.channel_changed':
      return `set #${target} to keep messages ${keeping(d.to)}`
    case 'retention.channel_cleared':
      return `made #${target} keep messages as the workspace does`
    case 'retention.accounts_changed':
      return d.to === 'remove'
        ? "set deleted accounts' messages to be removed"
        : d.to === 'anonymize'
          ? "set deleted accounts' messages to be anonymized"
          : "set deleted accounts' messages to be kept under their names"
    case 'retention.run': {
      const kept = typeof d.kept_as_deleted === 'number' && d.kept_as_deleted > 0
      return (
        `deleted ${count(d.messages, 'message', 'messages')} and ` +
        `${count(d.files, 'file', 'files')} past the retention period` +
        (kept ? ` (${count(d.kept_as_deleted, 'thread', 'threads')} kept for newer replies)` : '')
      )
    }
    case 'retention.account_deleted':
      return d.policy === 'remove'
        ? `deleted an account and removed ${count(d.removed, 'message', 'messages')}`
        : d.policy === 'anonymize'
          ? `deleted an account and anonymized ${count(d.anonymized, 'message', 'messages')}`
          : `deleted the account of ${target}; their messages were kept`
    default:
      return action
  }
}
const reports = (n: unknown) => (n === 1 ? 'the report' : `${text(n)} reports`)
const guestKind = (kind: unknown) => (kind === 'single' ? 'single-channel' : 'multi-channel')

const channels = (names: unknown) =>
  Array.isArray(names) && names.length > 0
    ? names.map((n) => `#${text(n)}`).join(', ')
    : 'some channels'

export function describeEntry(entry: AuditEntryText): string {
  const target = entry.targetLabel ?? 'someone'
  const d = entry.details
  const channel = (name: unknown) => (typeof name === 'string' ? `#${name}` : 'a channel')
  switch (entry.action) {
    case 'workspace.created':
      return `created the workspace ${target}`
    case 'workspace.renamed':
      return `renamed the workspace from ${text(d.from)} to ${text(d.to)}`
    case 'workspace.mfa_required':
      return 'required two-factor sign-in for everyone'
    case 'workspace.mfa_not_required':
      return 'stopped requiring two-factor sign-in'
    case 'workspace.export_scope_changed':
      return d.to === 'all'
        ? 'let workspace exports hold private channels and direct messages'
        : 'made workspace exports hold public channels only'
    case 'workspace.broadcast_mentions_changed':
      return d.to === 'admins'
        ? 'let only admins use @channel, @here and @everyone'
        : 'let everyone use @channel, @here and @everyone'
    case 'workspace.broadcast_warning_changed':
      return d.to === null || d.to === undefined
        ? 'stopped asking before mentions notify many people'
        : `asked to confirm mentions that notify more than ${text(d.to)} people`
    case 'workspace.email_delay_changed':
      return `changed the email delay from ${text(d.from)} to ${text(d.to)} minutes`
    case 'member.joined':
      return `${target} joined as ${text(d.role)}`
    case 'member.role_changed':
      return `changed the role of ${target} from ${text(d.from)} to ${text(d.to)}`
    case 'member.removed':
      return `removed ${target} from the workspace`
    case 'member.left':
      return `${target} left the workspace`
    case 'member.suspended':
      return `suspended ${target}`
    case 'member.unsuspended':
      return `lifted the suspension of ${target}`
    case 'member.rejoined':
      return `${target} came back as ${text(d.role)}`
    case 'invite.created':
      if (d.role === 'guest' && typeof d.email === 'string')
        return `invited ${d.email} as a ${guestKind(d.guest_kind)} guest of ${channels(d.channels)}`
      return typeof d.email === 'string'
        ? `invited ${d.email} as ${text(d.role)}`
        : `made an invite link for ${text(d.role)}s`
    case 'invite.revoked':
      return `revoked an invitation (${target})`
    case 'channel.created':
      return `created the ${d.kind === 'private' ? 'private ' : ''}channel #${target}`
    case 'channel.renamed':
      return `renamed #${text(d.from)} to #${text(d.to)}`
    case 'channel.privacy_changed':
      return `made #${target} ${text(d.to)}`
    case 'channel.archived':
      return `archived #${target}`
    case 'channel.unarchived':
      return `unarchived #${target}`
    case 'channel.deleted':
      return `deleted #${target}`
    case 'guest.channel_added':
      return `added the guest ${target} to ${channel(d.channel)}`
    case 'guest.kind_changed':
      return `made ${target} a ${guestKind(d.to)} guest`
    case 'channel.member_removed':
      return `removed ${target} from ${channel(d.channel)}`
    case 'webhook.created':
      return `added the webhook ${target} to ${channel(d.channel)}`
    case 'webhook.regenerated':
      return `regenerated the URL of the webhook ${target}`
    case 'webhook.revoked':
      return `revoked the webhook ${target}`
    case 'bot.created':
      return `added the bot ${target}`
    case 'bot.token_regenerated':
      return `regenerated the token of the bot ${target}`
    case 'bot.revoked':
      return `revoked the bot ${target}`
    case 'command.created':
      return `registered the command ${target}`
    case 'command.changed':
      return `changed the command ${target} to call ${text(d.to)}`
    case 'command.revoked':
      return `revoked the command ${target}`
    case 'events.subscribed':
      return `subscribed ${target} to events`
    case 'events.changed':
      return `changed the events sent to ${target}`
    case 'events.paused':
      return `paused the events sent to ${target}`
    case 'events.resumed':
      return `resumed the events sent to ${target}`
    case 'events.secret_rotated':
      return `rotated the signing secret of ${target}`
    case 'events.deleted':
      return `stopped sending events to ${target}`
    case 'group.created':
      return `created the group ${target}`
    case 'group.changed':
      return `changed the group ${text(d.from)} to ${text(d.to)} (${text(d.name)})`
    case 'group.deleted':
      return `deleted the group ${target}`
    case 'report.dismissed':
      return `dismissed ${reports(d.reports)} of a message by ${target} in ${channel(d.channel)}`
    case 'report.resolved':
      return `resolved ${reports(d.reports)} of a message by ${target} in ${channel(d.channel)}`
    case 'message.removed':
      return `removed a message by ${target} in ${channel(d.channel)}`
    case 'message.restored':
      return `restored a message by ${target} in ${channel(d.channel)}`
    case 'export.requested':
      return `asked for an export of the workspace${scopeWords(d.scope)}`
    case 'export.done':
      return typeof d.size === 'number'
        ? `finished an export of the workspace${scopeWords(d.scope)} (${Math.max(1, Math.round(d.size / 1024))} KB)`
        : `finished an export of the workspace${scopeWords(d.scope)}`
    case 'export.failed':
      return `could not finish an export of the workspace: ${text(d.error)}`
    default:
      if (entry.action.startsWith('retention.')) {
        const said = describeRetention(entry.action, target, d)
        if (said !== entry.action) return said
      }
      if (entry.action.startsWith('import.')) {
        const said = describeImport(entry.action, target, d)
        if (said !== entry.action) return said
      }
      return entry.targetLabel ? `${entry.action} (${entry.targetLabel})` : entry.action
  }
}

/** What an export held, as its audit entry says (older entries say nothing). */
function scopeWords(scope: unknown): string {
  if (scope === 'all') return ' with private channels and direct messages'
  if (scope === 'public') return ' (public channels only)'
  return ''
}
