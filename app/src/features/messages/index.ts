// What the messages feature gives the rest of the app: the open channel, a message's body, the
// first page's prefetch, and the row helpers other features' views share (the Threads view).
export { ChannelView } from './components/ChannelView.tsx'
export { MessageBody } from './markdown/MessageBody.tsx'
export { prefetchLatest } from './data/pages.ts'
export { threadKeys } from './data/thread-keys.ts'
export { loadMarkdownForKept } from './markdown/load.ts'
export type { People } from '../../slots/message.ts'
// The Threads view's cards: a thread as a live conversation, sent to as the thread panel does.
export { useLiveChannel } from './data/use-live-channel.ts'
export { useMarkThreadRead } from './data/thread-state.ts'
export { useSend } from './components/use-send.ts'
export { Composer } from './components/Composer.tsx'
export type { ChatMessage } from './conversation/types.ts'
export { dayLabel } from './components/rows.ts'
// Editing a text with mentions in place (a scheduled message's), the chunk the message list uses.
export const loadEditBox = () => import('./components/EditBox.tsx')
