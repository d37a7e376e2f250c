// User groups and mentions of many (issue 35): the Groups dialog (a lazy chunk, from the
// workspace menu: feature.ts), the activity beacon @here reads (live-part.tsx), the composer's part
// (composer-part.tsx: the groups in the mention autocomplete, the question asked before a mention
// notifies many people) and the groups of a channel's members panel (members-part.tsx).
// Mentioning a group or @channel is the database's work (the message's mentions); the message
// body shows them (messages/markdown).
export {}
