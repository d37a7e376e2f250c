// Link previews in the message screen's extension slot (slots/message.ts): under a message with
// a link, a card for each preview the server made (title, description, site name, the image kept
// in Storage; see supabase/functions/link-previews), live for everyone, with an "x" for the
// message's author to remove one. This file is on the first screen, so it is a stub
// (../lazy-message-feature.tsx): the cards, their data and the channel's live previews are a lazy
// chunk (PreviewsSlot.tsx) mounted once the first screen is up (the cards come from the server in
// any case; loading their chunk as the rows first render cost the first screen's task a dozen
// milliseconds).
import { lazyMessageFeature } from '../lazy-message-feature.tsx'

/** In the slot (features/message-extensions.ts finds it by this file's name). */
export default lazyMessageFeature('link-previews', 60, () => import('./PreviewsSlot.tsx'))
