// What the messages feature gives the rest of the app: the open channel, a message's body, the
// first page's prefetch, and the row helpers other features' views share (the Threads view).
export { ChannelView } from './components/ChannelView.tsx'
export { MessageBody } from './markdown/MessageBody.tsx'
export { prefetchLatest } from './data/pages.ts'
export { threadKeys } from './data/thread-keys.ts'
export { loadMarkdownForKept } from './markdown/load.ts'
export type { People } from '../../slots/message.ts'
