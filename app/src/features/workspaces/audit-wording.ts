// The workspace's own audit entries in words (slots/audit.ts): its settings, its members and
// their roles, its invitations.
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { text, channels } = words
const guestKind = (kind: unknown) => (kind === 'single' ? 'single-channel' : 'multi-channel')

const wording: AuditWording = {
  'workspace.created': (target) => `created the workspace ${target}`,
  'workspace.renamed': (_, d) => `renamed the workspace from ${text(d.from)} to ${text(d.to)}`,
  'workspace.mfa_required': () => 'required two-factor sign-in for everyone',
  'workspace.mfa_not_required': () => 'stopped requiring two-factor sign-in',
  'workspace.export_scope_changed': (_, d) =>
    d.to === 'all'
      ? 'let workspace exports hold private channels and direct messages'
      : 'made workspace exports hold public channels only',
  'workspace.broadcast_mentions_changed': (_, d) =>
    d.to === 'admins'
      ? 'let only admins use @channel, @here and @everyone'
      : 'let everyone use @channel, @here and @everyone',
  'workspace.broadcast_warning_changed': (_, d) =>
    d.to === null || d.to === undefined
      ? 'stopped asking before mentions notify many people'
      : `asked to confirm mentions that notify more than ${text(d.to)} people`,
  'workspace.email_delay_changed': (_, d) =>
    `changed the email delay from ${text(d.from)} to ${text(d.to)} minutes`,
  'member.joined': (target, d) => `${target} joined as ${text(d.role)}`,
  'member.role_changed': (target, d) =>
    `changed the role of ${target} from ${text(d.from)} to ${text(d.to)}`,
  'member.removed': (target) => `removed ${target} from the workspace`,
  'member.left': (target) => `${target} left the workspace`,
  'member.rejoined': (target, d) => `${target} came back as ${text(d.role)}`,
  'invite.created': (_, d) => {
    if (d.role === 'guest' && typeof d.email === 'string')
      return `invited ${d.email} as a ${guestKind(d.guest_kind)} guest of ${channels(d.channels)}`
    return typeof d.email === 'string'
      ? `invited ${d.email} as ${text(d.role)}`
      : `made an invite link for ${text(d.role)}s`
  },
  'invite.revoked': (target) => `revoked an invitation (${target})`,
}
export default wording
