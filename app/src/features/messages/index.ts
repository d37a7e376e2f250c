export { ChannelView } from './components/ChannelView.tsx'
export { MessageBody } from './markdown/MessageBody.tsx'
export { prefetchLatest } from './data/prefetch.ts'
export { ThreadsLink } from './components/ThreadsLink.tsx'
