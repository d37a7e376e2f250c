// Forwarding in the message screen's extension slot (slots/message.ts): a stub
// (../lazy-message-feature.tsx), so that nothing of it weighs on the first screen. After the first
// screen it mounts its lazy chunk (ForwardSlot.tsx), which hands back "Forward message…" and the
// quoted card under a forward, and shows the forward dialog.
import { lazyMessageFeature } from '../lazy-message-feature.tsx'

/** In the slot (features/message-extensions.ts finds it by this file's name). */
export default lazyMessageFeature('forwards', 65, () => import('./ForwardSlot.tsx'))
