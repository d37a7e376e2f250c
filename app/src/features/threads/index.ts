// Threads: the Threads view and its sidebar link are the workspace view of workspace-view.tsx
// (slots/view.ts); the message screen's parts (Reply in thread, the summary under a parent,
// "replied in a thread") are message-extension.tsx's. The thread panel and the keys of every
// thread query are the message screen's (messages/data/thread-keys.ts). Nothing imports this
// feature.
export {}
