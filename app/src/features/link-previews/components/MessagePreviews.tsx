// The previews of one message, kept live (data/previews.ts), as cards (LinkPreviewCards). The
// lazy chunk of ../message-extension.tsx.
import { useMessagePreviews } from '../data/previews.ts'
import LinkPreviewCards from './LinkPreviewCards.tsx'

export default function MessagePreviews(props: {
  channelId: string
  messageId: string
  canRemove: boolean
}) {
  const previews = useMessagePreviews(props.channelId, props.messageId)
  if (previews.length === 0) return null
  return <LinkPreviewCards previews={previews} canRemove={props.canRemove} />
}
