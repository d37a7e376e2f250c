// Custom emoji (issue 71, item 1). Nothing imports this feature's modules but by import():
// features/emoji's Emoji shows a `:name:` through components/CustomEmoji.tsx (a lazy chunk), the
// emoji picker reads data/store.ts, the shell finds feature.ts (the Custom emoji screen) and
// live-part.tsx (the list kept current) by import.meta.glob.
export {}
