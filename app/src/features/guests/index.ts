// Guests (issue 35, part 3): people from outside, invited by email into named channels, who see
// only those channels and their people. Enforced by the database (the access helpers and
// policies of *_chorus_guests*.sql); here: the GUEST badge after a guest's name (person-part.tsx), the
// GUEST marker on their messages (message-extension.tsx, through the message screen's slot), and
// the workspace's guests with their kinds (useGuestsQuery). The badge and the marker are on the
// first screen, so this folder stays that small: the admin's parts (the invite dialog's guest
// fields, a guest's kind in the members dialog) are the workspaces feature's, in the lazy chunks
// of those dialogs.
export { useGuestsQuery } from './data/guest-ids.ts'
export type { Guest } from './data/guest-ids.ts'
