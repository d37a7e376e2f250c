// Drafts on every device (issue 71, item 4). The composer's part is composer-part.ts (slots/
// composer.ts: DraftSync, a lazy chunk rendered once the first screen is shown, keeps the box's
// text on my account); the Drafts view is workspace-view.tsx (slots/view.ts). Nothing imports this
// feature.
export {}
