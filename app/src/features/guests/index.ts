// Guests (issue 35, part 3): people from outside, invited by email into named channels, who see
// only those channels and their people. Enforced by the database (the access helpers and
// policies of *_chorus_guests.sql); here: the GUEST badge after a guest's name (GuestBadge), the
// GUEST marker on their messages (message-extension.tsx, through the message screen's slot), the
// guest part of the invite dialog and the guest's kind in the members dialog (in the workspace
// dialogs' lazy chunk, not the first screen).
export { GuestBadge } from './components/GuestBadge.tsx'
export { GuestInviteFields } from './components/GuestInviteFields.tsx'
export { GuestKindSelect } from './components/GuestKindSelect.tsx'
export { guestIdsKey } from './data/guest-ids.ts'
export type { GuestKind } from './data/guest-admin.ts'
