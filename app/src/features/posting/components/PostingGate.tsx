// The composer where I may not post: in its place, a calm closed bar saying why ("Only admins can
// post in #announcements"), and, in a channel whose threads stay open, that I can still reply in
// threads and react. A thread's composer closes only when replies are closed too, and offers no
// "Also send to #channel" where I may reply but not post. It follows the setting live: the
// composer closes and opens again without a reload.
import { t } from '@lingui/core/macro'
import { useEffect } from 'react'
import { Icon } from '../../../ui/Icon.tsx'
import type { GateProps } from '../../../slots/composer.ts'
import { usePosting } from '../data/posting.ts'

// The settings' part reads the setting through this chunk (one chunk, not a third shared one).
export { usePosting, useSetPosting } from '../data/posting.ts'

export default function PostingGate({ scope, ...props }: GateProps) {
  // after the composer's own props: a thread's composer has a channelId of its own
  return scope ? <Gate {...props} channelId={scope.channelId} /> : null
}

function Gate({
  channelId,
  channelName,
  threadId,
  onClosed,
  onAlsoAllowed,
}: Omit<GateProps, 'scope'> & { channelId: string }) {
  const { data } = usePosting(channelId)
  const closed = !!data && (threadId ? !data.mayReply : !data.mayPost)
  useEffect(() => onClosed(closed), [closed, onClosed])
  // A reply also sent to the channel is a post there: not offered to who may only reply.
  const also = !data || data.mayPost
  useEffect(() => onAlsoAllowed?.(also), [also, onAlsoAllowed])
  if (!closed) return null
  const where = channelName.startsWith('@') ? channelName : `#${channelName}`
  const admins = data.who === 'admins'
  const why = data.replies
    ? admins
      ? t`Only admins can post in ${where}.`
      : t`Only certain people can post in ${where}.`
    : admins
      ? t`Only admins can post or reply in ${where}.`
      : t`Only certain people can post or reply in ${where}.`
  // In the composer's place (its padding), when it is closed.
  return (
    <div className="composer">
      <div className="posting-closed" role="status" data-testid="composer-closed">
        <Icon name="lock" size={16} />
        <p>
          <strong>{why}</strong>
          {data.replies && !threadId && (
            <span className="muted"> {t`You can still reply in threads and add reactions.`}</span>
          )}
        </p>
      </div>
    </div>
  )
}
