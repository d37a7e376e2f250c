// Threads: the keys of every thread query (the thread panel's own state,
// messages/data/thread-state.ts, shares them). The Threads view and its sidebar link are the
// workspace view of workspace-view.tsx (slots/view.ts); the message screen's parts (Reply in
// thread, the summary under a parent, "replied in a thread") are message-extension.tsx's.
export { threadKeys } from './data/threads.ts'
