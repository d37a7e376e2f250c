// Send later (issue 71, item 2). The composer's part is composer-part.ts (slots/composer.ts: the
// chevron beside Send, a lazy chunk rendered once the first screen is shown); the Scheduled view
// is workspace-view.tsx (slots/view.ts). Nothing imports this feature.
export {}
