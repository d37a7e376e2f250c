// The workspace's own audit entries in words (slots/audit.ts): its settings, its members and
// their roles, its invitations.
import { plural, t } from '@lingui/core/macro'
import { formatSize } from '../../lib/sizes.ts'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'
import { roleWord } from './role-names.ts'

const { text } = words

const wording: AuditWording = {
  'workspace.created': (target) => t`created the workspace ${target}`,
  'workspace.renamed': (_, d) => {
    const from = text(d.from)
    const to = text(d.to)
    return t`renamed the workspace from ${from} to ${to}`
  },
  'workspace.mfa_required': () => t`required two-factor sign-in for everyone`,
  'workspace.mfa_not_required': () => t`stopped requiring two-factor sign-in`,
  'workspace.export_scope_changed': (_, d) =>
    d.to === 'all'
      ? t`let workspace exports hold private channels and direct messages`
      : t`made workspace exports hold public channels only`,
  'workspace.broadcast_mentions_changed': (_, d) =>
    d.to === 'admins'
      ? t`let only admins use @channel, @here and @everyone`
      : t`let everyone use @channel, @here and @everyone`,
  'workspace.broadcast_warning_changed': (_, d) => {
    if (d.to === null || d.to === undefined)
      return t`stopped asking before mentions notify many people`
    if (typeof d.to === 'number') {
      const limit = d.to
      return plural(limit, {
        one: 'asked to confirm mentions that notify more than # person',
        other: 'asked to confirm mentions that notify more than # people',
      })
    }
    const limit = text(d.to)
    return t`asked to confirm mentions that notify more than ${limit} people`
  },
  'workspace.email_delay_changed': (_, d) => {
    const from = text(d.from)
    const to = text(d.to)
    return t`changed the email delay from ${from} to ${to} minutes`
  },
  'workspace.file_limit_changed': (_, d) => {
    const size = (v: unknown) => (typeof v === 'number' ? formatSize(v) : text(v))
    const from = size(d.from)
    const to = size(d.to)
    return t`changed the largest file people can share from ${from} to ${to}`
  },
  'member.joined': (target, d) => {
    const role = roleWord(d.role)
    return t`${target} joined as ${role}`
  },
  'member.role_changed': (target, d) => {
    const from = roleWord(d.from)
    const to = roleWord(d.to)
    return t`changed the role of ${target} from ${from} to ${to}`
  },
  'member.removed': (target) => t`removed ${target} from the workspace`,
  'member.left': (target) => t`${target} left the workspace`,
  'member.rejoined': (target, d) => {
    const role = roleWord(d.role)
    return t`${target} came back as ${role}`
  },
  'invite.created': (_, d) => {
    const email = d.email
    if (typeof email !== 'string')
      return d.role === 'admin'
        ? t`made an invite link for admins`
        : t`made an invite link for members`
    if (d.role === 'guest') {
      const channels = words.channels(d.channels)
      return d.guest_kind === 'single'
        ? t`invited ${email} as a single-channel guest of ${channels}`
        : t`invited ${email} as a multi-channel guest of ${channels}`
    }
    const role = roleWord(d.role)
    return t`invited ${email} as ${role}`
  },
  'invite.revoked': (target) => t`revoked an invitation (${target})`,
}
export default wording
