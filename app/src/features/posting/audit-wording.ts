// Who may post, in the audit log's words (slots/audit.ts). Each says what the actor (the log's
// Who column) did.
import { t } from '@lingui/core/macro'
import { words } from '../../slots/audit.ts'
import type { AuditWording } from '../../slots/audit.ts'

const { text } = words

const wording: AuditWording = {
  'channel.posting_changed': (target, d) =>
    d.to === 'admins'
      ? d.replies === false
        ? t`made #${target} admins only, replies in threads closed`
        : t`made #${target} admins only (replies in threads open)`
      : d.to === 'listed'
        ? d.replies === false
          ? t`let only admins and certain people post in #${target}, replies in threads closed`
          : t`let only admins and certain people post in #${target} (replies in threads open)`
        : t`let everyone post in #${target} again`,
  'channel.poster_added': (target, d) => {
    const who = text(d.user_name)
    return t`allowed ${who} to post in #${target}`
  },
  'channel.poster_removed': (target, d) => {
    const who = text(d.user_name)
    return t`no longer allowed ${who} to post in #${target}`
  },
}
export default wording
