// Guests (issue 35, part 3): people from outside, invited by email into named channels, who see
// only those channels and their people. Enforced by the database (the access helpers and
// policies of *_chorus_guests.sql); here: the GUEST badge after a guest's name (GuestBadge), the
// GUEST marker on their messages (message-extension.tsx, through the message screen's slot), the
// guest part of the invite dialog and the guest's kind in the members dialog (lazy chunks of
// their own: the badge and the marker are on the first screen, these never are).
import { lazyRetrying } from '../../lib/lazy.ts'
import { NotLoaded } from '../../ui/NotLoaded.tsx'
import type { GuestInviteFieldsProps } from './components/GuestInviteFields.tsx'
import type { GuestKindSelectProps } from './components/GuestKindSelect.tsx'

export { GuestBadge } from './components/GuestBadge.tsx'
export const GuestInviteFields = lazyRetrying<GuestInviteFieldsProps>(
  () =>
    import('./components/GuestInviteFields.tsx').then((m) => ({ default: m.GuestInviteFields })),
  NotLoaded
)
export const GuestKindSelect = lazyRetrying<GuestKindSelectProps>(
  () => import('./components/GuestKindSelect.tsx').then((m) => ({ default: m.GuestKindSelect })),
  NotLoaded
)
export { guestIdsKey } from './data/guest-ids.ts'
export type { GuestKind } from './data/guest-admin.ts'
