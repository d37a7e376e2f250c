// Incoming webhooks in the message screen's extension slot (slots/message.ts): a message an
// integration posted (it has no author) is marked "APP", and its author line shows the name the
// post asked for (or the integration's), never a person's: the badge always goes with it, so an
// app cannot pass for someone. The message carries who posted it (its `app`, from message_page
// and its live event), so marking it asks nothing of the network.
import type { MessageExtension, MessageFeature } from '../../slots/message.ts'
import { appMarker } from './data/app-post.ts'
import './app-marker.css'

const id = 'webhooks'

const extension: MessageExtension = {
  id,
  markers: (message) => (message.app && !message.authorId ? [appMarker(message.app)] : []),
}

const webhooks: MessageFeature = {
  id,
  order: 50,
  useChannel: () => extension,
}
export default webhooks
