// The guests' audit entries in words (slots/audit.ts).
import { t } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const wording: AuditWording = {
  'guest.channel_added': (target, d) => {
    const channel = words.channel(d.channel)
    return t`added the guest ${target} to ${channel}`
  },
  'guest.kind_changed': (target, d) =>
    d.to === 'single'
      ? t`made ${target} a single-channel guest`
      : t`made ${target} a multi-channel guest`,
}
export default wording
