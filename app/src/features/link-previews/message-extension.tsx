// Link previews in the message screen's extension slot (slots/message.ts): under a message
// with a link, a card for each preview the server made (title, description, site name, the
// image kept in Storage; see supabase/functions/link-previews), live for everyone, with an "x"
// for the message's author to remove one. This file is on the first screen, so it holds only
// the test for a link: the cards, their data and the channel's live previews are a lazy chunk
// (components/MessagePreviews.tsx), loaded when a row with a link is shown once the first screen
// is up (the cards come from the server in any case; loading their chunk as the rows first render
// cost the first screen's task a dozen milliseconds).
import { Suspense, useMemo } from 'react'
import { useAfterFirstScreen } from '../../lib/first-screen.ts'
import { lazyRetrying, Nothing } from '../../lib/lazy.ts'
import type { MessageFeature, UseMessageExtension } from '../../slots/message.ts'

const MessagePreviews = lazyRetrying(() => import('./components/MessagePreviews.tsx'), Nothing)

/** Whether a body may have previews (the server decides which of its links get one). */
export const hasLink = (body: string) => /https?:\/\//i.test(body)

export const useLinkPreviewsExtension: UseMessageExtension = ({ channelId }) =>
  useMemo(
    () => ({
      id: 'link-previews',
      belowBody: (message, { capabilities }) =>
        message.deletedAt || !hasLink(message.body) ? null : (
          <LaterPreviews
            channelId={channelId}
            messageId={message.id}
            canRemove={message.authorId === capabilities.me && !capabilities.readOnly}
          />
        ),
    }),
    [channelId]
  )

/** The cards once the first screen is up (this alone renders again then, not the row). */
function LaterPreviews(props: { channelId: string; messageId: string; canRemove: boolean }) {
  const later = useAfterFirstScreen()
  if (!later) return null
  return (
    <Suspense fallback={null}>
      <MessagePreviews {...props} />
    </Suspense>
  )
}

const linkPreviews: MessageFeature = {
  id: 'link-previews',
  order: 60,
  useChannel: useLinkPreviewsExtension,
}
export default linkPreviews
