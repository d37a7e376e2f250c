export { ChannelView } from './components/ChannelView.tsx'
export { MessageBody } from './markdown/MessageBody.tsx'
export { prefetchLatest } from './data/pages.ts'
export { ThreadsLink } from './components/ThreadsLink.tsx'
