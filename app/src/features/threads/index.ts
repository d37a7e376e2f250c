// Threads: the sidebar's Threads entry, and the keys of every thread query (the thread panel's
// own state, messages/data/thread-state.ts, shares them). The Threads view is a lazy chunk
// (components/ThreadsView.tsx, opened by the shell); the message screen's parts (Reply in
// thread, the summary under a parent, "replied in a thread") are message-extension.tsx's.
export { ThreadsLink } from './components/ThreadsLink.tsx'
export { threadKeys } from './data/threads.ts'
