// Moderation in the message screen's extension slot (slots/message.ts): a stub
// (../lazy-message-feature.tsx), so that nothing of it weighs on the first screen. After the first
// screen it mounts its lazy chunk (ModerationSlot.tsx), which hands back the actions and markers
// (slot.ts: Report message, Reported, Removed by an admin, Restore message) and shows the report
// dialog.
import { lazyMessageFeature } from '../lazy-message-feature.tsx'

/** In the slot (features/message-extensions.ts finds it by this file's name). */
export default lazyMessageFeature('moderation', 70, () => import('./ModerationSlot.tsx'))
